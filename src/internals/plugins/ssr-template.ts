/**
 * Docusaurus's HTML template with one change: the JavaScript is requested
 * after the first paint instead of with `defer` from the head.
 *
 * Profiled under Lighthouse's mobile throttling, the largest paint of every
 * page kind is a paragraph of server-rendered text, and the only thing it needs
 * is the CSS. With `defer`, main.js (145 KB gzip) is fetched alongside the CSS
 * and its evaluation (a 300-800 ms task at 4x CPU slowdown) can run before the
 * browser paints the parsed page, so the paint waited for the JavaScript. Here
 * the page is painted first; the scripts, in their order, follow.
 * They start one frame later than the first frame after DOMContentLoaded:
 * started in that frame, Lighthouse's simulation counted main.js's download
 * into the LCP in about half its runs (home, glossary, API page: 0.9 s in some
 * runs, 2.0 s in others); one frame later, in none (0.91-1.14 s in all 15
 * runs of bench/lighthouse.mjs --runs 5). Measured, not derived: in headless
 * Chromium the largest paint is still presented after the first request.
 * A hidden tab gets no animation frames: there they start at once.
 *
 * The list holds runtime and main.js, then the chunks of the page's route
 * (src/internals/plugins/lean-client-data.ts). Appending a <script> costs up to a few
 * milliseconds of main thread each under Lighthouse's mobile throttling, so
 * they are appended four per task.
 */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <script>(function(){var s=<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>,d=0;function go(){if(d)return;d=1;var i=0;(function next(){s.slice(i,i+=4).forEach(function(u){var e=document.createElement("script");e.src=u;e.async=false;document.head.appendChild(e)});if(i<s.length)setTimeout(next,0)})()}function later(){if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",later);else later()})()</script>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
