// Export and import: the game as AGN and the position as APN, to copy or download; a record
// to paste or open from a file. A bad record is refused with a message; the game is kept.

import { useSignal } from '@preact/signals';
import { Modal } from './Modal.tsx';
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
  const error = useSignal('');
  const note = useSignal('');
  const agn = match.agn();
  const apn = match.apn();
  const close = (): void => {
    match.dialog.value = undefined;
  };
  const load = (text: string): void => {
    const problem = match.load(text);
    error.value = problem ?? '';
  };
  const copied = async (what: string, text: string): Promise<void> => {
    note.value = (await copy(text))
      ? `${what} copied.`
      : `Could not copy: select the text and copy it.`;
  };
  return (
    <Modal title="Game record" onClose={close} testId="record">
      <section>
        <h3>This game (AGN)</h3>
        <textarea readonly rows={6} value={agn} data-testid="agn-out" />
        <div class="actions">
          <button type="button" onClick={() => void copied('AGN', agn)}>
            Copy AGN
          </button>
          <button
            type="button"
            onClick={() => download(`agon-${new Date().toISOString().slice(0, 10)}.agn`, agn)}
          >
            Download .agn
          </button>
        </div>
        <h3>The position on the board (APN)</h3>
        <input readonly value={apn} data-testid="apn-out" />
        <div class="actions">
          <button type="button" onClick={() => void copied('APN', apn)}>
            Copy APN
          </button>
        </div>
        {note.value && <p class="note">{note.value}</p>}
      </section>
      <section>
        <h3>Load a game or position</h3>
        <textarea
          rows={4}
          placeholder="Paste an AGN record or an APN position"
          value={pasted.value}
          onInput={(e) => {
            pasted.value = e.currentTarget.value;
          }}
          data-testid="paste"
        />
        <div class="actions">
          <button type="button" class="primary" onClick={() => load(pasted.value)}>
            Load pasted text
          </button>
          <label class="button">
            Open a file…
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
            {error.value} Your current game is kept.
          </p>
        )}
      </section>
    </Modal>
  );
}
