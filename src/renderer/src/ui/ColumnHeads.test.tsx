import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColumnHeads } from './ColumnHeads';

describe('ColumnHeads', () => {
  it('heads each column, scoped to it, with a blank corner and a name only screen readers hear', () => {
    const html = renderToStaticMarkup(
      <table>
        <ColumnHeads columns={['', 'Spent', { hidden: 'Result' }]} />
      </table>,
    );
    expect(html).toBe(
      '<table><thead><tr><th scope="col"></th><th scope="col">Spent</th><th scope="col"><span class="visually-hidden">Result</span></th></tr></thead></table>',
    );
  });
});
