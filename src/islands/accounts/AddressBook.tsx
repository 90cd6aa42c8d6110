import { useRef, useState } from 'react';
import type { AccountAddress, AddressPatch } from '#lib/contract/accounts.ts';
import { formatCep } from '#lib/documents.ts';
import { accountMessages } from '#lib/i18n/accounts.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import AddressModal from './AddressModal.tsx';
import { apiRequest } from '#lib/api-client.ts';

interface Props {
  locale: Locale;
  brazilian: boolean;
  initial: AccountAddress[];
}

/**
 * /perfil/endereco: list, add or edit through the address modal, set main, soft delete after the
 * shop's own confirmation dialog (native <dialog>: focus kept inside, Escape cancels).
 */
export default function AddressBook({ locale, brazilian, initial }: Props) {
  const t = createTranslator(accountMessages, locale);
  const [addresses, setAddresses] = useState(initial);
  const [modal, setModal] = useState<{ open: boolean; editing: AccountAddress | null }>({ open: false, editing: null });
  const [message, setMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AccountAddress | null>(null);
  const confirmDialog = useRef<HTMLDialogElement>(null);

  async function refresh() {
    const answer = await apiRequest<{ data: AccountAddress[] }>('GET', '/ecom/cliente/address');
    if (answer.ok) setAddresses(answer.data.data);
  }

  function openModal(editing: AccountAddress | null) {
    setMessage(null);
    setModal({ open: true, editing });
  }

  async function setMain(id: number) {
    const answer = await apiRequest('PATCH', `/ecom/cliente/address/${id}/set-main`);
    if (answer.ok) await refresh();
    else setMessage(answer.status === 404 ? t('not_found') : t('main_set_error'));
  }

  function askRemove(address: AccountAddress) {
    setMessage(null);
    setDeleting(address);
    confirmDialog.current?.showModal();
  }

  async function remove() {
    const address = deleting;
    confirmDialog.current?.close();
    if (!address) return;
    const answer = await apiRequest('PUT', `/ecom/cliente/address/${address.id}`, {
      ativo: false,
      nome: address.nome,
    } satisfies AddressPatch);
    if (answer.ok) await refresh();
    else setMessage(answer.status === 404 ? t('not_found') : t('deleted_error'));
  }

  const secondary = 'acc-button acc-button--secondary';
  return (
    <div>
      {message && (
        <p className="acc-alert" role="alert">
          {message}
        </p>
      )}
      {addresses.length === 0 ? (
        <p>{t('noAddresses')}</p>
      ) : (
        <ul className="acc-list">
          {addresses.map((a) => (
            <li key={a.id} data-address={a.id}>
              <strong>
                {a.nome}
                {a.principal && <span className="acc-badge">{t('mainAddress')}</span>}
              </strong>
              <span>
                {[
                  `${a.logradouro}, ${a.numero}`,
                  a.bairro,
                  `${a.cidade} - ${a.estado}`,
                  a.pais_id === 1 ? formatCep(a.cep) : a.cep,
                  a.pais_id === 1 ? t('brasil') : t('paraguai'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <div className="acc-actions acc-actions--start">
                {!a.principal && (
                  <button type="button" className={secondary} onClick={() => setMain(a.id)}>
                    {t('setMain')}
                  </button>
                )}
                <button type="button" className={secondary} onClick={() => openModal(a)}>
                  {t('editAddress')}
                </button>
                <button type="button" className={secondary} onClick={() => askRemove(a)}>
                  {t('deleteAddress')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="acc-button" onClick={() => openModal(null)}>
        {t('addAddress')}
      </button>
      <dialog ref={confirmDialog} className="acc-dialog" aria-labelledby="address-delete-title" onClose={() => setDeleting(null)}>
        <p id="address-delete-title">{t('deleteAddressConfirm')}</p>
        {deleting && <p className="acc-hint">{deleting.nome}</p>}
        <div className="acc-actions">
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- a confirmation dialog focuses its least destructive choice (WAI-ARIA dialog pattern) */}
          <button type="button" className={secondary} autoFocus onClick={() => confirmDialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="button" className="acc-button acc-button--danger" onClick={() => void remove()}>
            {t('deleteAddress')}
          </button>
        </div>
      </dialog>
      <AddressModal
        locale={locale}
        brazilian={brazilian}
        editing={modal.editing}
        open={modal.open}
        onSaved={() => void refresh()}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
      />
    </div>
  );
}
