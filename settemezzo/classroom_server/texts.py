"""The class server's words for its defences: personal codes, refused names, the teacher's
session, refused requests (en/it/es/fr).

They sit here until they join the project's catalogues; `text` reads them as
`settemezzo.i18n.t` reads its own (English when a language lacks one).

>>> text("class.full", "es", n=30)
'La clase está completa (30 estudiantes): pregunta al profesor.'
"""

from __future__ import annotations

from settemezzo.i18n import check_lang

__all__ = ["TEXTS", "text"]

TEXTS: dict[str, dict[str, str]] = {
    "class.personal": {"en": "Personal code (only if you joined before)",
                       "it": "Codice personale (solo se sei già entrato)",
                       "es": "Código personal (solo si ya entraste)",
                       "fr": "Code personnel (seulement si tu es déjà venu)"},
    "class.personal_is": {"en": "Your personal code:", "it": "Il tuo codice personale:",
                          "es": "Tu código personal:", "fr": "Ton code personnel :"},
    "class.personal_keep": {
        "en": "Write it down: you need it to join again with this name from another browser. "
              "It is shown only once.",
        "it": "Scrivilo: ti serve per rientrare con questo nome da un altro browser. "
              "Compare una volta sola.",
        "es": "Apúntalo: lo necesitas para volver a entrar con este nombre desde otro "
              "navegador. Solo se muestra una vez.",
        "fr": "Note-le : il te faut pour revenir sous ce nom depuis un autre navigateur. "
              "Il n'est affiché qu'une fois."},
    "class.name_taken": {
        "en": "The name {name} (or one that looks like it) is already in the class: if it is "
              "yours, type your personal code; otherwise choose another name.",
        "it": "Il nome {name} (o uno che gli somiglia) è già nella classe: se è il tuo, scrivi "
              "il tuo codice personale; altrimenti scegli un altro nome.",
        "es": "El nombre {name} (u otro que se le parece) ya está en la clase: si es el tuyo, "
              "escribe tu código personal; si no, elige otro nombre.",
        "fr": "Le nom {name} (ou un nom qui lui ressemble) est déjà dans la classe : si c'est "
              "le tien, tape ton code personnel ; sinon choisis un autre nom."},
    "class.name_invisible": {
        "en": "Type a name with letters you can see (no invisible or control characters).",
        "it": "Scrivi un nome con lettere visibili (niente caratteri invisibili o di "
              "controllo).",
        "es": "Escribe un nombre con letras visibles (sin caracteres invisibles ni de "
              "control).",
        "fr": "Écris un prénom avec des lettres visibles (sans caractères invisibles ni de "
              "contrôle)."},
    "class.full": {"en": "The class is full ({n} students): ask the teacher.",
                   "it": "La classe è al completo ({n} studenti): chiedi all'insegnante.",
                   "es": "La clase está completa ({n} estudiantes): pregunta al profesor.",
                   "fr": "La classe est complète ({n} élèves) : demande à l'enseignant."},
    "class.too_many": {
        "en": "Too many wrong codes from this device: wait a minute and try again.",
        "it": "Troppi codici sbagliati da questo dispositivo: aspetta un minuto e riprova.",
        "es": "Demasiados códigos incorrectos desde este dispositivo: espera un minuto y "
              "vuelve a intentarlo.",
        "fr": "Trop de codes faux depuis cet appareil : attends une minute et réessaie."},
    "class.cross_site": {
        "en": "This form did not come from this class's own pages: reload the page and try "
              "again.",
        "it": "Questo modulo non viene dalle pagine di questa classe: ricarica la pagina e "
              "riprova.",
        "es": "Este formulario no viene de las páginas de esta clase: recarga la página y "
              "vuelve a intentarlo.",
        "fr": "Ce formulaire ne vient pas des pages de cette classe : recharge la page et "
              "réessaie."},
    "class.logout": {"en": "Log out", "it": "Esci", "es": "Cerrar sesión",
                     "fr": "Se déconnecter"},
    "class.students": {"en": "Students", "it": "Studenti", "es": "Estudiantes",
                       "fr": "Élèves"},
    "class.students_help": {
        "en": "Rename a student; release a name (its owner forgot the personal code: the next "
              "one to join with it gets a new code and keeps the answers); remove a student "
              "and every answer.",
        "it": "Rinomina uno studente; libera un nome (chi lo usa ha dimenticato il codice "
              "personale: il prossimo che entra con quel nome riceve un nuovo codice e tiene "
              "le risposte); togli uno studente e ogni sua risposta.",
        "es": "Renombra a un estudiante; libera un nombre (quien lo usa olvidó el código "
              "personal: el siguiente que entre con él recibe un código nuevo y conserva las "
              "respuestas); quita a un estudiante y todas sus respuestas.",
        "fr": "Renomme un élève ; libère un nom (son titulaire a oublié le code personnel : le "
              "prochain qui entre sous ce nom reçoit un nouveau code et garde les réponses) ; "
              "retire un élève et toutes ses réponses."},
    "class.rename": {"en": "Rename", "it": "Rinomina", "es": "Renombrar", "fr": "Renommer"},
    "class.release": {"en": "Release the name", "it": "Libera il nome",
                      "es": "Liberar el nombre", "fr": "Libérer le nom"},
    "class.remove": {"en": "Remove", "it": "Togli", "es": "Quitar", "fr": "Retirer"},
    "class.released": {"en": "released", "it": "libero", "es": "libre", "fr": "libre"},
    "class.manage": {"en": "Students: rename, release, remove",
                     "it": "Studenti: rinomina, libera, togli",
                     "es": "Estudiantes: renombrar, liberar, quitar",
                     "fr": "Élèves : renommer, libérer, retirer"},
    "class.to_dashboard": {"en": "Back to the dashboard", "it": "Torna al pannello",
                           "es": "Volver al panel", "fr": "Retour au tableau de bord"},
    "class.open_at": {
        "en": "Class open at {url}  class code: {code}  (dashboard: {url}/teacher). Press "
              "Ctrl+C to stop.",
        "it": "Classe aperta su {url}  codice della classe: {code}  (pannello: "
              "{url}/teacher). Ctrl+C per fermare.",
        "es": "Clase abierta en {url}  código de la clase: {code}  (panel: {url}/teacher). "
              "Pulsa Ctrl+C para parar.",
        "fr": "Classe ouverte sur {url}  code de la classe : {code}  (tableau de bord : "
              "{url}/teacher). Ctrl+C pour arrêter."},
    "class.teacher_line": {
        "en": "teacher code: {teacher}   (do not project or share it: it opens the dashboard; "
              "a new one is made at every start)",
        "it": "codice dell'insegnante: {teacher}   (non proiettarlo né condividerlo: apre il "
              "pannello; se ne crea uno nuovo a ogni avvio)",
        "es": "código del profesor: {teacher}   (no lo proyectes ni lo compartas: abre el "
              "panel; se crea uno nuevo en cada arranque)",
        "fr": "code de l'enseignant : {teacher}   (ne le projette pas, ne le partage pas : il "
              "ouvre le tableau de bord ; un nouveau est créé à chaque démarrage)"},
    "class.server_error": {"en": "Something went wrong on the server; try again.",
                           "it": "Qualcosa non ha funzionato sul server; riprova.",
                           "es": "Algo ha fallado en el servidor; vuelve a intentarlo.",
                           "fr": "Quelque chose a échoué sur le serveur ; réessaie."},
}
"""key -> {language: text}; ``{field}`` marks are filled in by `text`."""


def text(key: str, lang: str = "en", **fields: object) -> str:
    """The text for ``key`` in ``lang`` (English if that language lacks it), filled in."""
    entry = TEXTS[key]
    words = entry.get(check_lang(lang), entry["en"])
    return words.format(**fields) if fields else words
