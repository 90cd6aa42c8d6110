/** Print grid (storefront section 9): A4, 5 columns, 20 items on the first page, 25 on the next. */
export const PRINT_FIRST_PAGE = 20;
export const PRINT_NEXT_PAGES = 25;

export function toPrintPages<T>(items: readonly T[], first = PRINT_FIRST_PAGE, next = PRINT_NEXT_PAGES): T[][] {
  const pages: T[][] = [];
  let start = 0;
  while (start < items.length) {
    const size = pages.length === 0 ? first : next;
    pages.push(items.slice(start, start + size));
    start += size;
  }
  return pages;
}
