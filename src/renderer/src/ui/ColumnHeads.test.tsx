import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColumnHeads } from './ColumnHeads';

describe('ColumnHeads', () => {
  it('heads each column, scoped to it, and a name only screen readers hear over a column that shows none', () => {
    const html = renderToStaticMarkup(
      <table>
        <ColumnHeads columns={[{ hidden: 'When' }, 'Spent', { hidden: 'Result' }]} />
      </table>,
    );
    expect(html).toBe(
      '<table><thead><tr><th scope="col"><span class="visually-hidden">When</span></th><th scope="col">Spent</th><th scope="col"><span class="visually-hidden">Result</span></th></tr></thead></table>',
    );
  });
});
