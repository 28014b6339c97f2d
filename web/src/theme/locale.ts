import dayjs from 'dayjs';
import 'dayjs/locale/fr';

/** Dates use French formats (spec 9); Mantine's date pickers read the same locale. */
export const LOCALE = 'fr';
dayjs.locale(LOCALE);
