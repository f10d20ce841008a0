/** Whether a selector matches; false for one jsdom cannot parse (Fluent's `::-moz-placeholder`). */
function matches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** A CSS property's value as the page's style rules set it on the element (jsdom computes no Griffel styles with tokens). */
export function declared(element: Element, property: string): string | undefined {
  let value: string | undefined;
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (rule instanceof CSSStyleRule && matches(element, rule.selectorText) && rule.style.getPropertyValue(property)) value = rule.style.getPropertyValue(property);
    }
  }
  return value;
}
