import type { FaqItem } from "~/content/home";

/**
 * Native exclusive accordion: <details> elements sharing a name open one at a time and stay
 * collapsible, with or without JavaScript.
 */
export function FaqAccordion({ items, name = "faq" }: { items: FaqItem[]; name?: string }) {
  return (
    <div className="faq">
      {items.map((item, index) => (
        <details key={item.question} name={name} className="faq__item" open={index === 0}>
          <summary className="faq__question">
            <span>{item.question}</span>
            <svg
              className="faq__chevron"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <polyline
                points="6 9 12 15 18 9"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>
          <div className="faq__answer">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
