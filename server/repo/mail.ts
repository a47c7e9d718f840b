import { now, type RepoContext } from './shared';

/** The dev mailbox's messages. */

export interface MailRecord {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export function createMailStore({ db }: RepoContext) {
  const mail = {
    addMail(message: { to: string; subject: string; text: string; html: string }): number {
      const info = db
        .prepare('INSERT INTO mail (to_email, subject, text, html, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(message.to.trim(), message.subject, message.text, message.html, now());
      return Number(info.lastInsertRowid);
    },
    listMail(to: string | null): MailRecord[] {
      const rows = (
        to
          ? db.prepare('SELECT * FROM mail WHERE to_email = ? ORDER BY id DESC').all(to.trim())
          : db.prepare('SELECT * FROM mail ORDER BY id DESC').all()
      ) as {
        id: number;
        to_email: string;
        subject: string;
        text: string;
        html: string;
        created_at: string;
      }[];
      return rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        text: row.text,
        html: row.html,
        createdAt: row.created_at,
      }));
    },
    getMail(id: number): MailRecord | null {
      return mail.listMail(null).find((message) => message.id === id) ?? null;
    },
    clearMail(): void {
      db.exec('DELETE FROM mail');
    },
  };
  return mail;
}
