import { describe, expect, it } from "vitest";
import { addHtml, addScript, purgeCss, type UsedNames } from "../../src/plugins/unused-css";

const usedBy = (html: string, js = ""): UsedNames => {
  const used: UsedNames = { classes: new Set(), prefixes: [] };
  addHtml(used, html);
  addScript(used, js);
  return used;
};

describe("the unused-CSS purge of the built stylesheet", () => {
  it("keeps a rule whose classes a page has, quoted or bare, and drops one no page or script names", () => {
    const used = usedBy(
      '<nav class="navbar navbar--fixed-top"><a class=navbar__brand>FDM</a></nav>',
    );
    const css =
      ".navbar{display:flex}.navbar__brand{font-weight:700}.pills{display:flex}.navbar .pills__item{margin:0}";
    expect(purgeCss(css, used)).toBe(".navbar{display:flex}.navbar__brand{font-weight:700}");
  });

  it("keeps a class a script adds at runtime, and every class a script's template starts", () => {
    const used = usedBy(
      "<div class=menu></div>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a built script's source, template included
      'e.className=clsx("menu__list-item",c&&"menu__list-item--collapsed");u.className="menu__list";const t=`alert--${type}`;',
    );
    const css =
      ".menu__list-item--collapsed .menu__list{display:none}.alert--danger{color:red}.alert--info{color:#00f}.dropdown--show{display:block}";
    expect(purgeCss(css, used)).toBe(
      ".menu__list-item--collapsed .menu__list{display:none}.alert--danger{color:red}.alert--info{color:#00f}",
    );
  });

  it("drops only the selectors of a list that cannot match", () => {
    const used = usedBy("<p class=text--center>x</p>");
    expect(purgeCss(".text--center,.text--danger{text-align:center}", used)).toBe(
      ".text--center{text-align:center}",
    );
  });

  it("never drops variables, element selectors, or a rule for a class under :not() or :is()", () => {
    const used = usedBy("<div class=markdown></div>");
    const css = [
      ":root{--ifm-color-primary:#2e7d32}",
      '[data-theme="dark"]{--ifm-color-primary:#81c784}',
      "details summary{cursor:pointer}",
      ".markdown a:not(.hash-link){text-decoration:underline}",
      ":is(.unknown-a,.markdown) p{margin:0}",
    ].join("");
    expect(purgeCss(css, used)).toBe(css);
  });

  it("removes a media query left empty and keyframes no kept rule uses", () => {
    const used = usedBy("<div class=ring></div>");
    const css =
      "@media (max-width:996px){.pills{display:none}}@keyframes spin{to{transform:rotate(1turn)}}@keyframes fade{to{opacity:0}}.ring{animation:1s linear infinite spin}.gone{animation:fade 1s}";
    expect(purgeCss(css, used)).toBe(
      "@keyframes spin{to{transform:rotate(1turn)}}.ring{animation:1s linear infinite spin}",
    );
  });

  it("reads the words of a page's inline scripts", () => {
    const used = usedBy(
      "<script>document.documentElement.classList.add('fdm-js')</script><html class=plain>",
    );
    expect(purgeCss(".fdm-js .x-only-js{display:none}.fdm-js{color:red}", used)).toBe(
      ".fdm-js{color:red}",
    );
  });
});
