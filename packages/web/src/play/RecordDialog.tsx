// Export and import: the game as AGN and the position as APN, to copy or download; a record
// to paste or open from a file. A bad record is refused with a message; the game is kept.

import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { language } from '../i18n/translations.ts';
import { type Phrase, phrase, t } from '../i18n/ui.ts';
import { Modal } from '../lib/Modal.tsx';
import { loadProblem, recordText } from '../lib/record-problem.ts';
import { Icon } from '../ui/Icon.tsx';
import { showToast } from '../ui/Toasts.tsx';
import type { Match } from './match.ts';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The game-record dialog. */
export function RecordDialog({ match }: { readonly match: Match }) {
  const pasted = useSignal('');
  const error = useSignal<Phrase | undefined>(undefined);
  const note = useSignal<Phrase | undefined>(undefined);
  const agn = match.agn();
  const apn = match.apn();
  const lang = language.value;
  // What is wrong with a record is said in its own catalog; a problem shown before it arrives
  // is redrawn in the dialog's language when it does.
  useEffect(() => {
    void recordText.load(lang);
  }, [lang]);
  const close = (): void => {
    match.dialog.value = undefined;
  };
  const load = (text: string): void => {
    const unreadable = match.load(text);
    error.value = unreadable && loadProblem(unreadable);
  };
  // Done is news that needs no answer (a toast); a failure stays in the dialog, with what to do.
  const copied = async (done: Phrase, text: string): Promise<void> => {
    if (await copy(text)) {
      note.value = undefined;
      showToast(done());
    } else note.value = phrase('record.copyFailed');
  };
  return (
    <Modal title={t('record.title')} onClose={close} testId="record">
      <section>
        <h3 id="record-agn">{t('record.game')}</h3>
        <textarea
          readonly
          // Tall enough for the tags and the first moves, scrolled to the moves when longer.
          rows={Math.min(12, agn.split('\n').length + 1)}
          ref={(el) => {
            if (el) el.scrollTop = el.scrollHeight;
          }}
          value={agn}
          aria-labelledby="record-agn"
          data-testid="agn-out"
        />
        <div class="actions">
          <button type="button" onClick={() => void copied(phrase('record.copiedAgn'), agn)}>
            <Icon name="copy" />
            {t('record.copyAgn')}
          </button>
          <button
            type="button"
            onClick={() => download(`agon-${new Date().toISOString().slice(0, 10)}.agn`, agn)}
          >
            <Icon name="download" />
            {t('record.download')}
          </button>
        </div>
        <h3 id="record-apn">{t('record.position')}</h3>
        <input readonly value={apn} aria-labelledby="record-apn" data-testid="apn-out" />
        <div class="actions">
          <button type="button" onClick={() => void copied(phrase('record.copiedApn'), apn)}>
            <Icon name="copy" />
            {t('record.copyApn')}
          </button>
        </div>
        {note.value && (
          <p class="note" role="status">
            {note.value()}
          </p>
        )}
      </section>
      <section>
        <h3 id="record-load">{t('record.load')}</h3>
        <textarea
          rows={4}
          aria-labelledby="record-load"
          placeholder={t('record.paste')}
          value={pasted.value}
          onInput={(e) => {
            pasted.value = e.currentTarget.value;
          }}
          data-testid="paste"
        />
        <div class="actions">
          <button type="button" class="primary" onClick={() => load(pasted.value)}>
            {t('record.loadPasted')}
          </button>
          <label class="button">
            <Icon name="upload" />
            {t('record.openFile')}
            <input
              type="file"
              accept=".agn,.apn,.txt,text/plain"
              data-testid="open-file"
              onChange={async (e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) load(await file.text());
              }}
            />
          </label>
        </div>
        {error.value && (
          <p class="error" role="alert" data-testid="load-error">
            {error.value()} {t('record.kept')}
          </p>
        )}
      </section>
    </Modal>
  );
}
