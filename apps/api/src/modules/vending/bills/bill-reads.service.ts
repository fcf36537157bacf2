// Bills' plain reads as their routes call them (the repo's, re-exported: the one service that may).
export { type BillFilter, billPage, findBill, findVendBill } from './bills.repo';
