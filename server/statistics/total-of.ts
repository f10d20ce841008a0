/**
 * `hydra:totalItems`: a page that is not full and not past the end already tells the total
 * (offset + its rows), so the count query runs only when more may follow — a search with few
 * matches reads its rows once instead of twice.
 */
export async function totalOf(pageRows: number, q: { page: number; itemsPerPage: number }, count: () => Promise<{ rows: Array<{ total: number }> }>): Promise<number> {
  const offset = (q.page - 1) * q.itemsPerPage;
  if (pageRows < q.itemsPerPage && (pageRows > 0 || offset === 0)) return offset + pageRows;
  return (await count()).rows[0].total;
}
