// The game page's dialogs, one chunk fetched when the first of them opens (PlayPage.tsx).

export { NewGameDialog } from './NewGameDialog.tsx';
export { RecordDialog } from './RecordDialog.tsx';
export { ResultDialog } from './ResultDialog.tsx';
