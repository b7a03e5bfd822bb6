import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React's API is drawn by Preact here (packages/README.md), which needs two things React does not.

/**
 * Preact hydrates a container's children and, given the document, takes <html> as the container. The root
 * route renders <html> itself, so Preact gets a stand-in parent whose one child is the document's <html>.
 */
const documentParent = {
  nodeType: 1,
  namespaceURI: document.documentElement.namespaceURI,
  ownerDocument: document,
  get firstChild() {
    return document.documentElement;
  },
  get childNodes() {
    return [document.documentElement];
  },
  insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
  appendChild: (node: Node) => document.appendChild(node),
  removeChild: (node: Node) => document.removeChild(node),
  contains: (node: Node) => document.contains(node),
} as unknown as Element;

/**
 * HydratedRouter suspends (throws a promise) until it has decoded the page's data; React waits at its root,
 * Preact has no root-level suspense, so hydration starts again once that promise settles.
 */
function hydrate() {
  try {
    hydrateRoot(documentParent, <HydratedRouter />);
  } catch (thrown) {
    if (thrown instanceof Promise) {
      thrown.then(hydrate, hydrate);
      return;
    }
    throw thrown;
  }
}

hydrate();
