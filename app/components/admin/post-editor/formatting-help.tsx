// The Markdown a post body understands, in brief: a table under the Content field, closed until asked for.
export function FormattingHelp() {
  return (
    <details className="post-editor__help">
      <summary>Formatting help</summary>
      <table className="post-editor__help-table">
        <caption className="visually-hidden">Markdown: what to type, and what it shows</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">To get</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>## Section title</code>
            </td>
            <td>
              A heading (<code>###</code> for a smaller one)
            </td>
          </tr>
          <tr>
            <td>
              <code>**bold**</code>
            </td>
            <td>
              <strong>bold</strong>
            </td>
          </tr>
          <tr>
            <td>
              <code>*italic*</code>
            </td>
            <td>
              <em>italic</em>
            </td>
          </tr>
          <tr>
            <td>
              <code>[our deals](/deals)</code>
            </td>
            <td>A link: an address on this site, or https://…, mailto:…</td>
          </tr>
          <tr>
            <td>
              <code>- item</code>
            </td>
            <td>A bulleted list, one item a line</td>
          </tr>
          <tr>
            <td>
              <code>1. item</code>
            </td>
            <td>A numbered list</td>
          </tr>
          <tr>
            <td>
              <code>&gt; quote</code>
            </td>
            <td>A quotation</td>
          </tr>
        </tbody>
      </table>
      <p>Leave a blank line between paragraphs.</p>
    </details>
  );
}
