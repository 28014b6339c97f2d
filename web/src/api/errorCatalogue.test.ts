import { describe, expect, it } from 'vitest';
import { clientErrorReport, noResponseReport, serverErrorReport } from './errorCatalogue';

describe('serverErrorReport', () => {
  it('shows the server message in italics', () => {
    expect(serverErrorReport(409, '{"message":"Ce séjour n\'existe plus."}')).toEqual({
      title: 'Erreur côté serveur',
      html: '<i>Ce séjour n&#39;existe plus.</i>',
    });
  });

  it('escapes markup in the server message rather than rendering it', () => {
    const report = serverErrorReport(400, '{"message":"<img src=x onerror=alert(1)>"}');
    expect(report.html).toBe('<i>&lt;img src=x onerror=alert(1)&gt;</i>');
  });

  it('says the error format could not be decoded, with the status and the text', () => {
    expect(serverErrorReport(502, 'Bad gateway')).toEqual({
      title: 'Erreur côté serveur',
      html: 'Le format d&#39;erreur du serveur n&#39;a pu être décodé.<br/>HTTP 502 : Bad gateway',
    });
  });

  it('treats a JSON body without a message as undecodable', () => {
    expect(serverErrorReport(500, '{"error":1}').html).toBe(
      'Le format d&#39;erreur du serveur n&#39;a pu être décodé.<br/>HTTP 500 : {&quot;error&quot;:1}',
    );
    expect(serverErrorReport(500, '').html).toBe(
      'Le format d&#39;erreur du serveur n&#39;a pu être décodé.<br/>HTTP 500',
    );
  });

  it('shortens a long body in the details', () => {
    const html = serverErrorReport(500, 'x'.repeat(1000)).html;
    expect(html.endsWith(`${'x'.repeat(300)}…`)).toBe(true);
  });
});

describe('noResponseReport and clientErrorReport', () => {
  it('uses the catalogue texts', () => {
    expect(noResponseReport()).toEqual({
      title: 'Aucune réponse du serveur',
      html: 'La requête a bien été envoyée, mais le serveur n&#39;a donné aucune réponse...',
    });
    expect(clientErrorReport(new Error('JSON invalide'))).toEqual({
      title: 'Erreur du client',
      html: 'La requête n&#39;a pu être mise en place.<br/>JSON invalide',
    });
  });
});
