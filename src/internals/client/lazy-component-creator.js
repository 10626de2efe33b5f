/**
 * Core's `ComponentCreator`, called when a route is first preloaded or
 * rendered rather than when the route table is evaluated (browser build only;
 * see src/internals/plugins/lean-client-data.ts). Each call builds a react-loadable
 * component class, and the table holds ~440 routes (~365 of them load with the
 * API reference's chunk), most of which a visit never opens.
 */
import ComponentCreator from "@docusaurus/ComponentCreator";
import { createElement } from "react";

export default function lazyComponentCreator(path, hash) {
  let component;
  const resolve = () => {
    component ??= ComponentCreator(path, hash);
    return component;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route when the route table loads, like ComponentCreator.
  function RouteComponent(props) {
    return createElement(resolve(), props);
  }
  RouteComponent.preload = () => resolve().preload();
  return RouteComponent;
}
