"""The help texts of the ``settemezzo`` command, in en, it, es and fr.

`HELP` maps a key (``cli.help.COMMAND.OPTION``) to its text in each language; `help_text`
looks one up. A text may name fields in braces (``{presets}``), filled in by `help_text`;
argparse reads a help text as a %-format, so none holds a bare percent sign.
"""

from __future__ import annotations

__all__ = ["HELP", "HELP_LANGS", "help_text"]

HELP_LANGS = ("en", "it", "es", "fr")
"""The languages every help text is written in."""

HELP: dict[str, dict[str, str]] = {
    # -- argparse's own words, and what every command shares ---------------------------------
    "cli.help.usage": {
        "en": "usage:", "it": "uso:", "es": "uso:", "fr": "usage :"},
    "cli.help.positionals": {
        "en": "positional arguments", "it": "argomenti posizionali",
        "es": "argumentos posicionales", "fr": "arguments positionnels"},
    "cli.help.options": {
        "en": "options", "it": "opzioni", "es": "opciones", "fr": "options"},
    "cli.help.help": {
        "en": "show this help message and exit",
        "it": "mostra questo aiuto ed esce",
        "es": "muestra esta ayuda y termina",
        "fr": "affiche cette aide et quitte"},
    "cli.help.prog": {
        "en": "Exact odds, strategy and banker's edge for Sette e mezzo / Siete y media.",
        "it": "Probabilità esatte, strategia e vantaggio del banco per Sette e mezzo / "
              "Siete y media.",
        "es": "Probabilidades exactas, estrategia y ventaja de la banca para Sette e mezzo / "
              "Siete y media.",
        "fr": "Probabilités exactes, stratégie et avantage de la banque pour Sette e mezzo / "
              "Siete y media."},
    "cli.help.lang": {
        "en": "the language of the output: {langs} (default: ${env}, else en)",
        "it": "la lingua dell'uscita: {langs} (predefinita: ${env}, altrimenti en)",
        "es": "el idioma de la salida: {langs} (por omisión: ${env}, si no en)",
        "fr": "la langue de la sortie : {langs} (par défaut : ${env}, sinon en)"},
    "cli.help.yes": {
        "en": "solve even a game estimated larger than {n} times the Italian one "
              "(settemezzo.limits.exact_size)",
        "it": "risolve anche un gioco stimato più grande di {n} volte quello italiano "
              "(settemezzo.limits.exact_size)",
        "es": "resuelve incluso un juego estimado mayor que {n} veces el italiano "
              "(settemezzo.limits.exact_size)",
        "fr": "résout même un jeu estimé plus grand que {n} fois le jeu italien "
              "(settemezzo.limits.exact_size)"},
    "cli.help.rules": {
        "en": "the rule set: a preset ({presets}), then optionally +KNOB[=VALUE] changes, "
              "e.g. italian+royal+burn=3,4 (the rules_spec that --json prints; default: "
              "italian)",
        "it": "le regole: un insieme predefinito ({presets}), poi eventuali modifiche "
              "+KNOB[=VALUE], p. es. italian+royal+burn=3,4 (il rules_spec che --json "
              "stampa; predefinito: italian)",
        "es": "las reglas: un conjunto predefinido ({presets}), luego cambios +KNOB[=VALUE] "
              "si se quiere, p. ej. italian+royal+burn=3,4 (el rules_spec que imprime "
              "--json; por omisión: italian)",
        "fr": "les règles : un jeu prédéfini ({presets}), puis d'éventuels changements "
              "+KNOB[=VALUE], p. ex. italian+royal+burn=3,4 (le rules_spec qu'affiche "
              "--json ; par défaut : italian)"},
    "cli.help.variant": {
        "en": "switch a rule knob on (or set it), repeatable. Knobs: {knobs}",
        "it": "attiva una regola (o ne fissa il valore), ripetibile. Regole: {knobs}",
        "es": "activa una regla (o fija su valor), repetible. Reglas: {knobs}",
        "fr": "active une règle (ou en fixe la valeur), répétable. Règles : {knobs}"},
    # -- odds ------------------------------------------------------------------------------
    "cli.help.odds.help": {
        "en": "exact draw odds for one hand: next card, bust, 7½, final total",
        "it": "probabilità esatte di una mano: carta successiva, sballo, 7½, totale finale",
        "es": "probabilidades exactas de una mano: carta siguiente, pasarse, 7½, total final",
        "fr": "probabilités exactes d'une main : carte suivante, dépassement, 7½, total "
              "final"},
    "cli.help.odds.description": {
        "en": "Exact odds for a hand: the next-card distribution, the chance that one more "
              "card busts or makes exactly 7½, and the distribution of the final total when "
              "hitting below a threshold. Cards are ranks (A 2-7 J Q K, or Italian/Spanish "
              "names) with an optional suit (7d, K♦, 're di denari'); the suit matters only "
              "for the K♦.",
        "it": "Probabilità esatte di una mano: la distribuzione della carta successiva, la "
              "probabilità che una carta in più sballi o faccia esattamente 7½, e la "
              "distribuzione del totale finale chiedendo carta sotto una soglia. Le carte "
              "sono valori (A 2-7 J Q K, o nomi italiani/spagnoli) con un seme facoltativo "
              "(7d, K♦, 're di denari'); il seme conta solo per il K♦.",
        "es": "Probabilidades exactas de una mano: la distribución de la carta siguiente, la "
              "probabilidad de que una carta más se pase o dé exactamente 7½, y la "
              "distribución del total final pidiendo carta por debajo de un umbral. Las "
              "cartas son valores (A 2-7 J Q K, o nombres italianos/españoles) con un palo "
              "opcional (7d, K♦, 'rey de oros'); el palo solo cuenta para el K♦.",
        "fr": "Probabilités exactes d'une main : la distribution de la carte suivante, la "
              "probabilité qu'une carte de plus fasse dépasser ou donne exactement 7½, et la "
              "distribution du total final en tirant sous un seuil. Les cartes sont des "
              "valeurs (A 2-7 J Q K, ou noms italiens/espagnols) avec une couleur facultative "
              "(7d, K♦, 're di denari') ; la couleur ne compte que pour le K♦."},
    "cli.help.odds.hole": {
        "en": "the face-down card, e.g. 5, 7d, 're di denari'",
        "it": "la carta coperta, p. es. 5, 7d, 're di denari'",
        "es": "la carta tapada, p. ej. 5, 7d, 'rey de oros'",
        "fr": "la carte cachée, p. ex. 5, 7d, 're di denari'"},
    "cli.help.odds.up": {
        "en": "face-up card(s) in order; repeat it or give several: --up '1 3'",
        "it": "carta/e scoperta/e in ordine; ripetilo o danne diverse: --up '1 3'",
        "es": "carta(s) descubierta(s) en orden; repítelo o da varias: --up '1 3'",
        "fr": "carte(s) visible(s) dans l'ordre ; répétez-le ou donnez-en plusieurs : "
              "--up '1 3'"},
    "cli.help.odds.seen": {
        "en": "other cards already seen, separated by spaces or commas (commas for names of "
              "several words: 're di denari, sota de copas')",
        "it": "altre carte già viste, separate da spazi o virgole (virgole per i nomi di più "
              "parole: 're di denari, sota de copas')",
        "es": "otras cartas ya vistas, separadas por espacios o comas (comas para los nombres "
              "de varias palabras: 'rey de oros, sota de copas')",
        "fr": "autres cartes déjà vues, séparées par des espaces ou des virgules (virgules "
              "pour les noms de plusieurs mots : 're di denari, sota de copas')"},
    "cli.help.odds.threshold": {
        "en": "policy for the final total: hit below POINTS, stand on POINTS or more "
              "(default: 5; halves allowed: 5.5 or 5½)",
        "it": "regola per il totale finale: carta sotto POINTS, stare da POINTS in su "
              "(predefinito: 5; mezzi ammessi: 5.5 o 5½)",
        "es": "regla para el total final: pedir por debajo de POINTS, plantarse desde POINTS "
              "(por omisión: 5; se admiten medios: 5.5 o 5½)",
        "fr": "règle pour le total final : tirer sous POINTS, rester à partir de POINTS "
              "(par défaut : 5 ; demis admis : 5.5 ou 5½)"},
    "cli.help.odds.json": {
        "en": "print one JSON object instead of text",
        "it": "stampa un oggetto JSON invece del testo",
        "es": "imprime un objeto JSON en lugar del texto",
        "fr": "affiche un objet JSON au lieu du texte"},
    # -- solve, evaluate, advise, table, data ----------------------------------------------
    "cli.help.solve.help": {
        "en": "the heads-up equilibrium and the banker's edge",
        "it": "l'equilibrio a due e il vantaggio del banco",
        "es": "el equilibrio mano a mano y la ventaja de la banca",
        "fr": "l'équilibre en tête-à-tête et l'avantage de la banque"},
    "cli.help.solve.json": {
        "en": "print one JSON object", "it": "stampa un oggetto JSON",
        "es": "imprime un objeto JSON", "fr": "affiche un objet JSON"},
    "cli.help.solve.seen": {
        "en": "cards of earlier hands, out of the deck before this hand (e.g. '7d 7 K 5', or "
              "'re di denari, 5c'); repeatable. Both sides know them",
        "it": "carte di mani precedenti, già uscite dal mazzo prima di questa mano (p. es. "
              "'7d 7 K 5', o 're di denari, 5c'); ripetibile. Le conoscono entrambi",
        "es": "cartas de manos anteriores, fuera del mazo antes de esta mano (p. ej. "
              "'7d 7 K 5', o 'rey de oros, 5c'); repetible. Ambos lados las conocen",
        "fr": "cartes des mains précédentes, sorties du paquet avant cette main (p. ex. "
              "'7d 7 K 5', ou 're di denari, 5c') ; répétable. Les deux côtés les "
              "connaissent"},
    "cli.help.evaluate.help": {
        "en": "the exact value of a player policy against a banker policy",
        "it": "il valore esatto di una regola del giocatore contro una regola del banco",
        "es": "el valor exacto de una regla del jugador contra una regla de la banca",
        "fr": "la valeur exacte d'une règle du joueur contre une règle de la banque"},
    "cli.help.evaluate.description": {
        "en": "Policies: threshold:K (hit below K points), equilibrium, best (the best reply "
              "to the other side), and for the banker omniscient.",
        "it": "Regole: threshold:K (carta sotto K punti), equilibrium, best (la risposta "
              "migliore all'altro lato), e per il banco omniscient.",
        "es": "Reglas: threshold:K (pedir por debajo de K puntos), equilibrium, best (la mejor "
              "respuesta al otro lado), y para la banca omniscient.",
        "fr": "Règles : threshold:K (tirer sous K points), equilibrium, best (la meilleure "
              "réponse à l'autre côté), et pour la banque omniscient."},
    "cli.help.evaluate.player": {
        "en": "the player's policy: threshold:K, threshold:K,split, equilibrium or best "
              "(default threshold:5)",
        "it": "la regola del giocatore: threshold:K, threshold:K,split, equilibrium o best "
              "(predefinita threshold:5)",
        "es": "la regla del jugador: threshold:K, threshold:K,split, equilibrium o best "
              "(por omisión threshold:5)",
        "fr": "la règle du joueur : threshold:K, threshold:K,split, equilibrium ou best "
              "(par défaut threshold:5)"},
    "cli.help.evaluate.banker": {
        "en": "the banker's policy: threshold:K, omniscient, equilibrium or best (default "
              "threshold:5)",
        "it": "la regola del banco: threshold:K, omniscient, equilibrium o best (predefinita "
              "threshold:5)",
        "es": "la regla de la banca: threshold:K, omniscient, equilibrium o best (por omisión "
              "threshold:5)",
        "fr": "la règle de la banque : threshold:K, omniscient, equilibrium ou best (par "
              "défaut threshold:5)"},
    "cli.help.advise.help": {
        "en": "stand or hit for one hand, and by how much",
        "it": "stare o chiedere carta per una mano, e di quanto",
        "es": "plantarse o pedir carta en una mano, y por cuánto",
        "fr": "rester ou tirer pour une main, et de combien"},
    "cli.help.advise.hole": {
        "en": "the face-down card, e.g. 5 or 7d",
        "it": "la carta coperta, p. es. 5 o 7d",
        "es": "la carta tapada, p. ej. 5 o 7d",
        "fr": "la carte cachée, p. ex. 5 ou 7d"},
    "cli.help.advise.up": {
        "en": "face-up cards in order", "it": "carte scoperte in ordine",
        "es": "cartas descubiertas en orden", "fr": "cartes visibles dans l'ordre"},
    "cli.help.advise.against": {
        "en": "the banker: equilibrium (default), threshold:K or omniscient",
        "it": "il banco: equilibrium (predefinito), threshold:K o omniscient",
        "es": "la banca: equilibrium (por omisión), threshold:K u omniscient",
        "fr": "la banque : equilibrium (par défaut), threshold:K ou omniscient"},
    "cli.help.table.help": {
        "en": "the strategy table, to the screen or a CSV",
        "it": "la tabella della strategia, a schermo o in un CSV",
        "es": "la tabla de la estrategia, en pantalla o en un CSV",
        "fr": "la table de stratégie, à l'écran ou dans un CSV"},
    "cli.help.table.side": {
        "en": "whose table: player (default) or banker",
        "it": "di chi è la tabella: player (predefinito) o banker",
        "es": "de quién es la tabla: player (por omisión) o banker",
        "fr": "la table de qui : player (par défaut) ou banker"},
    "cli.help.table.against": {
        "en": "the banker for the player's table: equilibrium, threshold:K, omniscient",
        "it": "il banco per la tabella del giocatore: equilibrium, threshold:K, omniscient",
        "es": "la banca para la tabla del jugador: equilibrium, threshold:K, omniscient",
        "fr": "la banque pour la table du joueur : equilibrium, threshold:K, omniscient"},
    "cli.help.table.max_up": {
        "en": "banker table: at most this many player face-up cards (default 2)",
        "it": "tabella del banco: al massimo questo numero di carte scoperte del giocatore "
              "(predefinito 2)",
        "es": "tabla de la banca: como mucho este número de cartas descubiertas del jugador "
              "(por omisión 2)",
        "fr": "table de la banque : au plus ce nombre de cartes visibles du joueur (par "
              "défaut 2)"},
    "cli.help.table.out": {
        "en": "write a CSV file", "it": "scrive un file CSV", "es": "escribe un archivo CSV",
        "fr": "écrit un fichier CSV"},
    "cli.help.data.help": {
        "en": "regenerate the precomputed tables of data/",
        "it": "rigenera le tabelle precalcolate di data/",
        "es": "regenera las tablas precalculadas de data/",
        "fr": "régénère les tables précalculées de data/"},
    "cli.help.data.out": {
        "en": "folder (default: data)", "it": "cartella (predefinita: data)",
        "es": "carpeta (por omisión: data)", "fr": "dossier (par défaut : data)"},
    # -- edge ------------------------------------------------------------------------------
    "cli.help.edge.help": {
        "en": "the banker's edge of a rule set, or of every variant (--all)",
        "it": "il vantaggio del banco di un insieme di regole, o di ogni variante (--all)",
        "es": "la ventaja de la banca de un conjunto de reglas, o de cada variante (--all)",
        "fr": "l'avantage de la banque d'un jeu de règles, ou de chaque variante (--all)"},
    "cli.help.edge.description": {
        "en": "The banker's edge per unit of expected stake, heads-up: at equilibrium, "
              "against a threshold:K banker and against an omniscient banker (the player "
              "plays its best reply to the fixed bankers).",
        "it": "Il vantaggio del banco per unità di puntata attesa, a due: all'equilibrio, "
              "contro un banco threshold:K e contro un banco onnisciente (il giocatore gioca "
              "la sua risposta migliore ai banchi fissi).",
        "es": "La ventaja de la banca por unidad de apuesta esperada, mano a mano: en el "
              "equilibrio, contra una banca threshold:K y contra una banca omnisciente (el "
              "jugador juega su mejor respuesta a las bancas fijas).",
        "fr": "L'avantage de la banque par unité de mise attendue, en tête-à-tête : à "
              "l'équilibre, contre une banque threshold:K et contre une banque omnisciente "
              "(le joueur joue sa meilleure réponse aux banques fixes)."},
    "cli.help.edge.all": {
        "en": "Italian, Italian + each variant, Spanish, Spanish minus each knob",
        "it": "italiano, italiano + ogni variante, spagnolo, spagnolo meno ogni regola",
        "es": "italiano, italiano + cada variante, español, español menos cada regla",
        "fr": "italien, italien + chaque variante, espagnol, espagnol moins chaque règle"},
    "cli.help.edge.method": {
        "en": "equilibrium, threshold:K or omniscient (repeatable; default: all three with "
              "threshold:5)",
        "it": "equilibrium, threshold:K o omniscient (ripetibile; predefiniti: tutti e tre "
              "con threshold:5)",
        "es": "equilibrium, threshold:K u omniscient (repetible; por omisión: los tres con "
              "threshold:5)",
        "fr": "equilibrium, threshold:K ou omniscient (répétable ; par défaut : les trois "
              "avec threshold:5)"},
    "cli.help.edge.json": {
        "en": "print the table as JSON", "it": "stampa la tabella in JSON",
        "es": "imprime la tabla en JSON", "fr": "affiche la table en JSON"},
    "cli.help.edge.out": {
        "en": "write FILE.csv, or a chart FILE.png|svg|pdf",
        "it": "scrive FILE.csv, o un grafico FILE.png|svg|pdf",
        "es": "escribe FILE.csv, o un gráfico FILE.png|svg|pdf",
        "fr": "écrit FILE.csv, ou un graphique FILE.png|svg|pdf"},
    "cli.help.edge.fresh": {
        "en": "solve every rule set afresh instead of reading the results shipped with the "
              "package (about two minutes with --all)",
        "it": "risolve di nuovo ogni insieme di regole invece di leggere i risultati forniti "
              "col pacchetto (circa due minuti con --all)",
        "es": "resuelve de nuevo cada conjunto de reglas en lugar de leer los resultados que "
              "trae el paquete (unos dos minutos con --all)",
        "fr": "résout à nouveau chaque jeu de règles au lieu de lire les résultats fournis "
              "avec le paquet (environ deux minutes avec --all)"},
    # -- chart, handout, charts ------------------------------------------------------------
    "cli.help.chart.help": {
        "en": "export one chart (PNG, SVG or PDF), with its numbers as CSV",
        "it": "esporta un grafico (PNG, SVG o PDF), con i suoi numeri in CSV",
        "es": "exporta un gráfico (PNG, SVG o PDF), con sus números en CSV",
        "fr": "exporte un graphique (PNG, SVG ou PDF), avec ses nombres en CSV"},
    "cli.help.chart.description": {
        "en": "Draw one chart. KIND: strategy (the player's best play), banker (the "
              "equilibrium banker's play), bust (bust chance by total), banker-final (the "
              "banker's final total by policy), ev (standing against hitting), edge (the "
              "banker's edge by variant).",
        "it": "Disegna un grafico. KIND: strategy (la giocata migliore del giocatore), banker "
              "(la giocata del banco all'equilibrio), bust (probabilità di sballare per "
              "totale), banker-final (il totale finale del banco per regola), ev (stare "
              "contro chiedere carta), edge (il vantaggio del banco per variante).",
        "es": "Dibuja un gráfico. KIND: strategy (la mejor jugada del jugador), banker (la "
              "jugada de la banca en el equilibrio), bust (probabilidad de pasarse por "
              "total), banker-final (el total final de la banca por regla), ev (plantarse "
              "frente a pedir), edge (la ventaja de la banca por variante).",
        "fr": "Dessine un graphique. KIND : strategy (le meilleur coup du joueur), banker (le "
              "jeu de la banque à l'équilibre), bust (probabilité de dépasser par total), "
              "banker-final (le total final de la banque par règle), ev (rester contre "
              "tirer), edge (l'avantage de la banque par variante)."},
    "cli.help.chart.kind": {
        "en": "one of {kinds}", "it": "uno tra {kinds}", "es": "uno de {kinds}",
        "fr": "l'un de {kinds}"},
    "cli.help.chart.against": {
        "en": "the banker of the strategy and ev charts: equilibrium (default), threshold:K "
              "or omniscient",
        "it": "il banco dei grafici strategy ed ev: equilibrium (predefinito), threshold:K o "
              "omniscient",
        "es": "la banca de los gráficos strategy y ev: equilibrium (por omisión), "
              "threshold:K u omniscient",
        "fr": "la banque des graphiques strategy et ev : equilibrium (par défaut), "
              "threshold:K ou omniscient"},
    "cli.help.chart.thresholds": {
        "en": "banker-final: the banker hits below each of these (default 4,5,6)",
        "it": "banker-final: il banco chiede carta sotto ciascuno di questi (predefiniti "
              "4,5,6)",
        "es": "banker-final: la banca pide por debajo de cada uno de estos (por omisión "
              "4,5,6)",
        "fr": "banker-final : la banque tire sous chacun de ceux-ci (par défaut 4,5,6)"},
    "cli.help.chart.out": {
        "en": "the file to write: .png, .svg or .pdf",
        "it": "il file da scrivere: .png, .svg o .pdf",
        "es": "el archivo que escribir: .png, .svg o .pdf",
        "fr": "le fichier à écrire : .png, .svg ou .pdf"},
    "cli.help.chart.csv": {
        "en": "also write the chart's numbers beside it (same name, .csv)",
        "it": "scrive anche i numeri del grafico accanto (stesso nome, .csv)",
        "es": "escribe también los números del gráfico al lado (mismo nombre, .csv)",
        "fr": "écrit aussi les nombres du graphique à côté (même nom, .csv)"},
    "cli.help.handout.help": {
        "en": "a printable A4 strategy card (PDF) for one rule set",
        "it": "una scheda di strategia A4 da stampare (PDF) per un insieme di regole",
        "es": "una ficha de estrategia A4 para imprimir (PDF) para un conjunto de reglas",
        "fr": "une fiche de stratégie A4 à imprimer (PDF) pour un jeu de règles"},
    "cli.help.handout.description": {
        "en": "One A4 page: the strategy chart against the equilibrium banker, the numbers a "
              "beginner should remember, and the rules in brief.",
        "it": "Una pagina A4: il grafico della strategia contro il banco all'equilibrio, i "
              "numeri che un principiante dovrebbe ricordare, e le regole in breve.",
        "es": "Una página A4: el gráfico de la estrategia contra la banca en el equilibrio, "
              "los números que un principiante debería recordar, y las reglas en breve.",
        "fr": "Une page A4 : le graphique de stratégie contre la banque à l'équilibre, les "
              "nombres qu'un débutant devrait retenir, et les règles en bref."},
    "cli.help.handout.out": {
        "en": "the PDF to write", "it": "il PDF da scrivere", "es": "el PDF que escribir",
        "fr": "le PDF à écrire"},
    "cli.help.charts.help": {
        "en": "every chart of every preset, and a handout, into a folder",
        "it": "ogni grafico di ogni insieme predefinito, e una scheda, in una cartella",
        "es": "cada gráfico de cada conjunto predefinido, y una ficha, en una carpeta",
        "fr": "chaque graphique de chaque jeu prédéfini, et une fiche, dans un dossier"},
    "cli.help.charts.description": {
        "en": "Writes KIND_PRESET.png (and .csv) for each chart and each preset, "
              "edge_by_variant.png, and handout.pdf with one page per preset. A preset solved "
              "as a restricted game (Spanish: the player kept to two hands, no swap inside a "
              "split hand) says so on its charts.",
        "it": "Scrive KIND_PRESET.png (e .csv) per ogni grafico e ogni insieme predefinito, "
              "edge_by_variant.png, e handout.pdf con una pagina per insieme. Un insieme "
              "risolto come gioco ristretto (spagnolo: il giocatore tenuto a due mani, nessuno "
              "scambio in una mano divisa) lo dice sui suoi grafici.",
        "es": "Escribe KIND_PRESET.png (y .csv) para cada gráfico y cada conjunto "
              "predefinido, edge_by_variant.png, y handout.pdf con una página por conjunto. "
              "Un conjunto resuelto como juego restringido (español: el jugador limitado a "
              "dos manos, sin cambio dentro de una mano dividida) lo dice en sus gráficos.",
        "fr": "Écrit KIND_PRESET.png (et .csv) pour chaque graphique et chaque jeu prédéfini, "
              "edge_by_variant.png, et handout.pdf avec une page par jeu. Un jeu résolu comme "
              "jeu restreint (espagnol : le joueur limité à deux mains, pas d'échange dans une "
              "main partagée) le dit sur ses graphiques."},
    "cli.help.charts.out": {
        "en": "folder (default: charts)", "it": "cartella (predefinita: charts)",
        "es": "carpeta (por omisión: charts)", "fr": "dossier (par défaut : charts)"},
    "cli.help.charts.format": {
        "en": "png (default), svg or pdf", "it": "png (predefinito), svg o pdf",
        "es": "png (por omisión), svg o pdf", "fr": "png (par défaut), svg ou pdf"},
    "cli.help.charts.kind": {
        "en": "only these charts (repeatable; default: all of {kinds})",
        "it": "solo questi grafici (ripetibile; predefiniti: tutti tra {kinds})",
        "es": "solo estos gráficos (repetible; por omisión: todos de {kinds})",
        "fr": "seulement ces graphiques (répétable ; par défaut : tous parmi {kinds})"},
    # -- simulate --------------------------------------------------------------------------
    "cli.help.simulate.help": {
        "en": "Monte Carlo of whole tables and sessions, with standard errors",
        "it": "Monte Carlo di tavoli e sessioni intere, con errori standard",
        "es": "Monte Carlo de mesas y sesiones enteras, con errores estándar",
        "fr": "Monte-Carlo de tables et de sessions entières, avec erreurs types"},
    "cli.help.simulate.description": {
        "en": "Simulate hands and whole sessions (stakes, chips, bank passing, eliminations) "
              "at a table of 1-7 players and the banker. Strategies: threshold:K (hit below K "
              "points), equilibrium (heads-up), and for the banker omniscient and table "
              "(exact posterior of the face-down cards). Player options after a comma: "
              "stake=min|max|N|max-on:7/6, burn, split, swap (a rule of thumb alone never "
              "burns, splits or swaps and stakes the minimum).",
        "it": "Simula mani e sessioni intere (puntate, fiches, passaggio del banco, "
              "eliminazioni) a un tavolo di 1-7 giocatori e il banco. Strategie: threshold:K "
              "(carta sotto K punti), equilibrium (a due), e per il banco omniscient e table "
              "(probabilità a posteriori esatte delle carte coperte). Opzioni del giocatore "
              "dopo una virgola: stake=min|max|N|max-on:7/6, burn, split, swap (una regola "
              "empirica da sola non brucia, non divide, non scambia e punta il minimo).",
        "es": "Simula manos y sesiones enteras (apuestas, fichas, paso de la banca, "
              "eliminaciones) en una mesa de 1-7 jugadores y la banca. Estrategias: "
              "threshold:K (pedir por debajo de K puntos), equilibrium (mano a mano), y para "
              "la banca omniscient y table (probabilidad a posteriori exacta de las cartas "
              "tapadas). Opciones del jugador tras una coma: stake=min|max|N|max-on:7/6, "
              "burn, split, swap (una regla práctica sola nunca quema, divide ni cambia y "
              "apuesta el mínimo).",
        "fr": "Simule des mains et des sessions entières (mises, jetons, passage de la "
              "banque, éliminations) à une table de 1-7 joueurs et la banque. Stratégies : "
              "threshold:K (tirer sous K points), equilibrium (tête-à-tête), et pour la "
              "banque omniscient et table (loi a posteriori exacte des cartes cachées). "
              "Options du joueur après une virgule : stake=min|max|N|max-on:7/6, burn, split, "
              "swap (une règle empirique seule ne brûle, ne partage ni n'échange jamais et "
              "mise le minimum)."},
    "cli.help.simulate.players": {
        "en": "players besides the banker, 1-7", "it": "giocatori oltre al banco, 1-7",
        "es": "jugadores además de la banca, 1-7", "fr": "joueurs en plus de la banque, 1-7"},
    "cli.help.simulate.hands": {
        "en": "hands to play (default 1,000,000)",
        "it": "mani da giocare (predefinite 1.000.000)",
        "es": "manos que jugar (por omisión 1.000.000)",
        "fr": "mains à jouer (par défaut 1 000 000)"},
    "cli.help.simulate.sessions": {
        "en": "whole sessions to play instead of --hands",
        "it": "sessioni intere da giocare invece di --hands",
        "es": "sesiones enteras que jugar en lugar de --hands",
        "fr": "sessions entières à jouer au lieu de --hands"},
    "cli.help.simulate.seed": {
        "en": "random seed (default 0)", "it": "seme casuale (predefinito 0)",
        "es": "semilla aleatoria (por omisión 0)", "fr": "graine aléatoire (par défaut 0)"},
    "cli.help.simulate.player": {
        "en": "every seat's strategy as a player (default threshold:5)",
        "it": "la strategia di ogni posto come giocatore (predefinita threshold:5)",
        "es": "la estrategia de cada puesto como jugador (por omisión threshold:5)",
        "fr": "la stratégie de chaque place comme joueur (par défaut threshold:5)"},
    "cli.help.simulate.banker": {
        "en": "every seat's strategy as the banker (default threshold:5)",
        "it": "la strategia di ogni posto come banco (predefinita threshold:5)",
        "es": "la estrategia de cada puesto como banca (por omisión threshold:5)",
        "fr": "la stratégie de chaque place comme banque (par défaut threshold:5)"},
    "cli.help.simulate.seat": {
        "en": "one seat's strategies (seat 0 holds the bank first), repeatable",
        "it": "le strategie di un posto (il posto 0 tiene il banco per primo), ripetibile",
        "es": "las estrategias de un puesto (el puesto 0 tiene la banca primero), repetible",
        "fr": "les stratégies d'une place (la place 0 tient la banque en premier), "
              "répétable"},
    "cli.help.simulate.chips": {
        "en": "starting chips: the rules' (default), unlimited credit, or N each",
        "it": "fiches iniziali: quelle delle regole (predefinito), credito illimitato, o N "
              "ciascuno",
        "es": "fichas iniciales: las de las reglas (por omisión), crédito ilimitado, o N cada "
              "uno",
        "fr": "jetons de départ : ceux des règles (par défaut), crédit illimité, ou N chacun"},
    "cli.help.simulate.session_hands": {
        "en": "hands per session when the rules set no end (default 100)",
        "it": "mani per sessione quando le regole non fissano una fine (predefinite 100)",
        "es": "manos por sesión cuando las reglas no fijan un final (por omisión 100)",
        "fr": "mains par session quand les règles ne fixent pas de fin (par défaut 100)"},
    "cli.help.simulate.sale": {
        "en": "keep-the-bank variant: the bank is sold for PRICE chips after HANDS hands "
              "(default 5)",
        "it": "variante del banco tenuto: il banco si vende per PRICE fiches dopo HANDS mani "
              "(predefinite 5)",
        "es": "variante de banca fija: la banca se vende por PRICE fichas tras HANDS manos "
              "(por omisión 5)",
        "fr": "variante de la banque gardée : la banque est vendue PRICE jetons après HANDS "
              "mains (par défaut 5)"},
    "cli.help.simulate.workers": {
        "en": "local threads (default: every core)",
        "it": "thread locali (predefinito: ogni core)",
        "es": "hilos locales (por omisión: todos los núcleos)",
        "fr": "fils locaux (par défaut : chaque cœur)"},
    "cli.help.simulate.scheduler": {
        "en": "run the chunks on this Dask scheduler",
        "it": "esegue i blocchi su questo scheduler Dask",
        "es": "ejecuta los bloques en este planificador Dask",
        "fr": "exécute les blocs sur cet ordonnanceur Dask"},
    "cli.help.simulate.no_progress": {
        "en": "no progress bar", "it": "nessuna barra di avanzamento",
        "es": "sin barra de progreso", "fr": "pas de barre de progression"},
    "cli.help.simulate.exact": {
        "en": "heads-up: also compute the exact value and the distance in standard errors",
        "it": "a due: calcola anche il valore esatto e la distanza in errori standard",
        "es": "mano a mano: calcula también el valor exacto y la distancia en errores "
              "estándar",
        "fr": "tête-à-tête : calcule aussi la valeur exacte et l'écart en erreurs types"},
    "cli.help.simulate.yes": {
        "en": "run even when the estimated time is over {m} minutes",
        "it": "esegue anche quando il tempo stimato supera {m} minuti",
        "es": "ejecuta incluso cuando el tiempo estimado supera {m} minutos",
        "fr": "exécute même quand le temps estimé dépasse {m} minutes"},
    "cli.help.simulate.json": {
        "en": "print one JSON object", "it": "stampa un oggetto JSON",
        "es": "imprime un objeto JSON", "fr": "affiche un objet JSON"},
    "cli.help.simulate.out": {
        "en": "write the summary table as CSV", "it": "scrive la tabella riassuntiva in CSV",
        "es": "escribe la tabla resumen en CSV", "fr": "écrit le tableau récapitulatif en CSV"},
    "cli.help.simulate.sessions_out": {
        "en": "write one row per session", "it": "scrive una riga per sessione",
        "es": "escribe una fila por sesión", "fr": "écrit une ligne par session"},
    "cli.help.simulate.hands_out": {
        "en": "write one row per hand (banker, stakes, results, chips after it)",
        "it": "scrive una riga per mano (banco, puntate, risultati, fiches dopo la mano)",
        "es": "escribe una fila por mano (banca, apuestas, resultados, fichas después)",
        "fr": "écrit une ligne par main (banque, mises, résultats, jetons après elle)"},
    # -- classroom, class-report -----------------------------------------------------------
    "cli.help.classroom.help": {
        "en": "serve the class: students join from their own devices",
        "it": "serve la classe: gli studenti entrano dai propri dispositivi",
        "es": "sirve la clase: los alumnos entran desde sus propios dispositivos",
        "fr": "sert la classe : les élèves se connectent depuis leurs appareils"},
    "cli.help.classroom.description": {
        "en": "A small web server for the whole class: students open the printed address on "
              "their own devices, type the class code and a name, and answer stand-or-hit "
              "hands (everyone gets the same hands); the teacher opens /teacher with the "
              "teacher code. Every answer is kept in --db.",
        "it": "Un piccolo server web per tutta la classe: gli studenti aprono l'indirizzo "
              "stampato sui propri dispositivi, scrivono il codice della classe e un nome, e "
              "rispondono a mani stare-o-carta (tutti ricevono le stesse mani); "
              "l'insegnante apre /teacher con il codice dell'insegnante. Ogni risposta è "
              "conservata in --db.",
        "es": "Un pequeño servidor web para toda la clase: los alumnos abren la dirección "
              "impresa en sus propios dispositivos, escriben el código de la clase y un "
              "nombre, y responden manos de plantarse o pedir (todos reciben las mismas "
              "manos); el profesor abre /teacher con el código del profesor. Cada respuesta "
              "se guarda en --db.",
        "fr": "Un petit serveur web pour toute la classe : les élèves ouvrent l'adresse "
              "affichée sur leurs appareils, tapent le code de la classe et un nom, et "
              "répondent à des mains rester-ou-tirer (tous reçoivent les mêmes mains) ; "
              "l'enseignant ouvre /teacher avec le code enseignant. Chaque réponse est "
              "gardée dans --db."},
    "cli.help.classroom.host": {
        "en": "address to listen on (0.0.0.0: every network; default 127.0.0.1)",
        "it": "indirizzo di ascolto (0.0.0.0: ogni rete; predefinito 127.0.0.1)",
        "es": "dirección de escucha (0.0.0.0: todas las redes; por omisión 127.0.0.1)",
        "fr": "adresse d'écoute (0.0.0.0 : tous les réseaux ; par défaut 127.0.0.1)"},
    "cli.help.classroom.port": {
        "en": "port (default 8867)", "it": "porta (predefinita 8867)",
        "es": "puerto (por omisión 8867)", "fr": "port (par défaut 8867)"},
    "cli.help.classroom.db": {
        "en": "the class database (SQLite file)",
        "it": "il database della classe (file SQLite)",
        "es": "la base de datos de la clase (archivo SQLite)",
        "fr": "la base de données de la classe (fichier SQLite)"},
    "cli.help.classroom.seed": {
        "en": "the class seed of a new class (default: random)",
        "it": "il seme di una nuova classe (predefinito: casuale)",
        "es": "la semilla de una clase nueva (por omisión: aleatoria)",
        "fr": "la graine d'une nouvelle classe (par défaut : aléatoire)"},
    "cli.help.classroom.level": {
        "en": "1: first card vs a rule-of-thumb banker; 2: longer hands; 3: against the "
              "equilibrium banker (default 1)",
        "it": "1: prima carta contro un banco a regola empirica; 2: mani più lunghe; 3: "
              "contro il banco all'equilibrio (predefinito 1)",
        "es": "1: primera carta contra una banca de regla práctica; 2: manos más largas; 3: "
              "contra la banca en el equilibrio (por omisión 1)",
        "fr": "1 : première carte contre une banque à règle empirique ; 2 : mains plus "
              "longues ; 3 : contre la banque à l'équilibre (par défaut 1)"},
    "cli.help.classroom.hands": {
        "en": "hands per round (default 10)", "it": "mani per turno (predefinite 10)",
        "es": "manos por ronda (por omisión 10)", "fr": "mains par manche (par défaut 10)"},
    "cli.help.class_report.help": {
        "en": "the class summary from a class database",
        "it": "il riepilogo della classe da un database della classe",
        "es": "el resumen de la clase desde una base de datos de la clase",
        "fr": "le bilan de la classe depuis une base de données de la classe"},
    "cli.help.class_report.description": {
        "en": "The scoreboard of a round (the current one by default): as text, as JSON "
              "(--json: also the mistakes by hand state, the most expensive mistakes and each "
              "student's progress), or written to --out FILE.csv (the scoreboard) or FILE.pdf "
              "(a one-page summary).",
        "it": "La classifica di un turno (quello in corso per impostazione predefinita): come "
              "testo, come JSON (--json: anche gli errori per situazione di mano, gli errori "
              "più costosi e i progressi di ogni studente), o scritta in --out FILE.csv (la "
              "classifica) o FILE.pdf (un riepilogo di una pagina).",
        "es": "La clasificación de una ronda (la actual por omisión): como texto, como JSON "
              "(--json: también los errores por situación de la mano, los errores más caros "
              "y el progreso de cada alumno), o escrita en --out FILE.csv (la clasificación) "
              "o FILE.pdf (un resumen de una página).",
        "fr": "Le classement d'une manche (celle en cours par défaut) : en texte, en JSON "
              "(--json : aussi les erreurs par situation de main, les erreurs les plus "
              "coûteuses et les progrès de chaque élève), ou écrit dans --out FILE.csv (le "
              "classement) ou FILE.pdf (un bilan d'une page)."},
    "cli.help.class_report.json": {
        "en": "print the summary as JSON", "it": "stampa il riepilogo in JSON",
        "es": "imprime el resumen en JSON", "fr": "affiche le bilan en JSON"},
    "cli.help.class_report.out": {
        "en": "write the summary here", "it": "scrive qui il riepilogo",
        "es": "escribe aquí el resumen", "fr": "écrit le bilan ici"},
    "cli.help.class_report.round": {
        "en": "the round (default: the current one)",
        "it": "il turno (predefinito: quello in corso)",
        "es": "la ronda (por omisión: la actual)",
        "fr": "la manche (par défaut : celle en cours)"},
    # -- play ------------------------------------------------------------------------------
    "cli.help.play.help": {
        "en": "the classroom table in a terminal (every rule set)",
        "it": "il tavolo della classe in un terminale (ogni insieme di regole)",
        "es": "la mesa de la clase en un terminal (cada conjunto de reglas)",
        "fr": "la table de la classe dans un terminal (chaque jeu de règles)"},
    "cli.help.play.description": {
        "en": "Play at the classroom table in a terminal: students type their stake (a "
              "number; Enter for the last one), b burn, h hit, w swap, p split, s stand, ? the "
              "exact hint, q quit. Computer seats play the exact engine's equilibrium "
              "(SPANISH: the restricted game's, split hands by threshold:5); the computer "
              "banker is the simulator's table banker. --auto --json plays a whole game of "
              "computers and prints its record.",
        "it": "Gioca al tavolo della classe in un terminale: gli studenti scrivono la "
              "puntata (un numero; Invio per l'ultima), b brucia, h carta, w scambia, p "
              "dividi, s stai, ? il suggerimento esatto, q esci. I posti del computer giocano "
              "l'equilibrio del motore esatto (SPANISH: quello del gioco ristretto, le mani "
              "divise con threshold:5); il banco del computer è il banco table del "
              "simulatore. --auto --json gioca una partita intera di computer e ne stampa il "
              "resoconto.",
        "es": "Juega en la mesa de la clase en un terminal: los alumnos escriben su apuesta "
              "(un número; Intro para la última), b quemar, h pedir, w cambiar, p dividir, s "
              "plantarse, ? la pista exacta, q salir. Los puestos del ordenador juegan el "
              "equilibrio del motor exacto (SPANISH: el del juego restringido, las manos "
              "divididas con threshold:5); la banca del ordenador es la banca table del "
              "simulador. --auto --json juega una partida entera de ordenadores e imprime su "
              "registro.",
        "fr": "Jouez à la table de la classe dans un terminal : les élèves tapent leur mise "
              "(un nombre ; Entrée pour la dernière), b brûler, h tirer, w échanger, p "
              "partager, s rester, ? l'indice exact, q quitter. Les places de l'ordinateur "
              "jouent l'équilibre du moteur exact (SPANISH : celui du jeu restreint, les "
              "mains partagées avec threshold:5) ; la banque de l'ordinateur est la banque "
              "table du simulateur. --auto --json joue une partie entière d'ordinateurs et "
              "en affiche le compte rendu."},
    "cli.help.play.students": {
        "en": "students at the table, 0-7 (default 1; 0 with --auto)",
        "it": "studenti al tavolo, 0-7 (predefinito 1; 0 con --auto)",
        "es": "alumnos en la mesa, 0-7 (por omisión 1; 0 con --auto)",
        "fr": "élèves à la table, 0-7 (par défaut 1 ; 0 avec --auto)"},
    "cli.help.play.computers": {
        "en": "computer players, 0-7 (default 2; 3 with --auto)",
        "it": "giocatori del computer, 0-7 (predefinito 2; 3 con --auto)",
        "es": "jugadores del ordenador, 0-7 (por omisión 2; 3 con --auto)",
        "fr": "joueurs de l'ordinateur, 0-7 (par défaut 2 ; 3 avec --auto)"},
    "cli.help.play.seed": {
        "en": "random seed (default 0)", "it": "seme casuale (predefinito 0)",
        "es": "semilla aleatoria (por omisión 0)", "fr": "graine aléatoire (par défaut 0)"},
    "cli.help.play.player": {
        "en": "the computer seats' strategy (default: equilibrium)",
        "it": "la strategia dei posti del computer (predefinita: equilibrium)",
        "es": "la estrategia de los puestos del ordenador (por omisión: equilibrium)",
        "fr": "la stratégie des places de l'ordinateur (par défaut : equilibrium)"},
    "cli.help.play.sale": {
        "en": "keep-the-bank variant: the bank is sold for PRICE chips after HANDS hands "
              "(default 5)",
        "it": "variante del banco tenuto: il banco si vende per PRICE fiches dopo HANDS mani "
              "(predefinite 5)",
        "es": "variante de banca fija: la banca se vende por PRICE fichas tras HANDS manos "
              "(por omisión 5)",
        "fr": "variante de la banque gardée : la banque est vendue PRICE jetons après HANDS "
              "mains (par défaut 5)"},
    "cli.help.play.auto": {
        "en": "computer seats only: play a game",
        "it": "solo posti del computer: gioca una partita",
        "es": "solo puestos del ordenador: juega una partida",
        "fr": "places de l'ordinateur seulement : joue une partie"},
    "cli.help.play.json": {
        "en": "with --auto: print the hand-by-hand record and the result as JSON",
        "it": "con --auto: stampa il resoconto mano per mano e il risultato in JSON",
        "es": "con --auto: imprime el registro mano a mano y el resultado en JSON",
        "fr": "avec --auto : affiche le compte rendu main par main et le résultat en JSON"},
    # -- deckdown --------------------------------------------------------------------------
    "cli.help.deckdown.help": {
        "en": "what remembering the cards seen is worth, playing the deck down",
        "it": "quanto vale ricordare le carte viste, giocando il mazzo fino in fondo",
        "es": "cuánto vale recordar las cartas vistas, jugando el mazo hasta el final",
        "fr": "ce que vaut le souvenir des cartes vues, en jouant le paquet jusqu'au bout"},
    "cli.help.deckdown.description": {
        "en": "Deal whole decks down (reshuffle when exhausted) and compare a player who "
              "plays the exact best play for the cards left with one who plays the full-deck "
              "strategy, against the same banker: threshold:K (forgets), table (remembers and "
              "reads the player's strategy; heads-up) or equilibrium (remembers; heads-up). "
              "Values are exact per composition, averaged over seeded deck cycles with "
              "standard errors. The end of a deck: the rules shuffle the used cards when the "
              "deck runs out during a hand; the exact engine cannot value a hand across that "
              "reshuffle, so each deck cycle is shuffled afresh before the first hand whose "
              "cards left could run out. The last cards of each deck (about 15 heads-up, the "
              "'unplayed' column) are not dealt and their hands are not in the averages: the "
              "thinnest decks, where remembering is worth most per hand, so the worth over "
              "whole decks is larger than reported. Every hand that is played is dealt and "
              "valued exactly (settemezzo.deckdown's docstring).",
        "it": "Distribuisce mazzi interi fino in fondo (rimescolando quando finiscono) e "
              "confronta un giocatore che gioca la mossa migliore esatta per le carte rimaste "
              "con uno che gioca la strategia del mazzo intero, contro lo stesso banco: "
              "threshold:K (dimentica), table (ricorda e legge la strategia del giocatore; a "
              "due) o equilibrium (ricorda; a due). I valori sono esatti per composizione, "
              "mediati su cicli di mazzo con seme, con errori standard. La fine di un mazzo: "
              "le regole rimescolano le carte usate quando il mazzo finisce durante una mano; "
              "il motore esatto non sa valutare una mano attraverso quel rimescolamento, "
              "quindi ogni ciclo di mazzo è rimescolato da capo prima della prima mano le cui "
              "carte rimaste potrebbero finire. Le ultime carte di ogni mazzo (circa 15 a "
              "due, la colonna 'unplayed') non sono distribuite e le loro mani non sono nelle "
              "medie: i mazzi più sottili, dove ricordare vale di più per mano, quindi il "
              "valore sui mazzi interi è maggiore di quanto riportato. Ogni mano giocata è "
              "distribuita e valutata esattamente (la docstring di settemezzo.deckdown).",
        "es": "Reparte mazos enteros hasta el final (barajando cuando se agotan) y compara un "
              "jugador que juega la mejor jugada exacta para las cartas que quedan con uno "
              "que juega la estrategia del mazo completo, contra la misma banca: threshold:K "
              "(olvida), table (recuerda y lee la estrategia del jugador; mano a mano) o "
              "equilibrium (recuerda; mano a mano). Los valores son exactos por composición, "
              "promediados sobre ciclos de mazo con semilla, con errores estándar. El final "
              "de un mazo: las reglas barajan las cartas usadas cuando el mazo se agota "
              "durante una mano; el motor exacto no puede valorar una mano a través de ese "
              "barajado, así que cada ciclo de mazo se baraja de nuevo antes de la primera "
              "mano cuyas cartas restantes podrían agotarse. Las últimas cartas de cada mazo "
              "(unas 15 mano a mano, la columna 'unplayed') no se reparten y sus manos no "
              "están en los promedios: los mazos más delgados, donde recordar vale más por "
              "mano, así que el valor sobre mazos enteros es mayor que el indicado. Cada mano "
              "jugada se reparte y se valora exactamente (el docstring de "
              "settemezzo.deckdown).",
        "fr": "Distribue des paquets entiers jusqu'au bout (rebattus quand ils sont épuisés) "
              "et compare un joueur qui joue le meilleur coup exact pour les cartes restantes "
              "à un joueur qui joue la stratégie du paquet complet, contre la même banque : "
              "threshold:K (oublie), table (se souvient et lit la stratégie du joueur ; "
              "tête-à-tête) ou equilibrium (se souvient ; tête-à-tête). Les valeurs sont "
              "exactes par composition, moyennées sur des cycles de paquet à graine, avec "
              "erreurs types. La fin d'un paquet : les règles rebattent les cartes jouées "
              "quand le paquet s'épuise pendant une main ; le moteur exact ne sait pas "
              "évaluer une main à travers ce rebattage, donc chaque cycle de paquet est "
              "rebattu avant la première main dont les cartes restantes pourraient "
              "s'épuiser. Les dernières cartes de chaque paquet (environ 15 en tête-à-tête, "
              "la colonne 'unplayed') ne sont pas distribuées et leurs mains ne sont pas dans "
              "les moyennes : les paquets les plus minces, où se souvenir vaut le plus par "
              "main, donc la valeur sur des paquets entiers est plus grande que celle "
              "indiquée. Chaque main jouée est distribuée et évaluée exactement (la docstring "
              "de settemezzo.deckdown)."},
    "cli.help.deckdown.players": {
        "en": "players at the table, one run each (default 1; e.g. 1 4)",
        "it": "giocatori al tavolo, una serie ciascuno (predefinito 1; p. es. 1 4)",
        "es": "jugadores en la mesa, una serie cada uno (por omisión 1; p. ej. 1 4)",
        "fr": "joueurs à la table, une série chacun (par défaut 1 ; p. ex. 1 4)"},
    "cli.help.deckdown.banker": {
        "en": "threshold:K, table or equilibrium (repeatable; default threshold:5)",
        "it": "threshold:K, table o equilibrium (ripetibile; predefinito threshold:5)",
        "es": "threshold:K, table o equilibrium (repetible; por omisión threshold:5)",
        "fr": "threshold:K, table ou equilibrium (répétable ; par défaut threshold:5)"},
    "cli.help.deckdown.cycles": {
        "en": "deck cycles (default 10)", "it": "cicli di mazzo (predefiniti 10)",
        "es": "ciclos de mazo (por omisión 10)", "fr": "cycles de paquet (par défaut 10)"},
    "cli.help.deckdown.seed": {
        "en": "seed of the shuffles (default 0)",
        "it": "seme dei mescolamenti (predefinito 0)",
        "es": "semilla de los barajados (por omisión 0)",
        "fr": "graine des mélanges (par défaut 0)"},
    "cli.help.deckdown.report": {
        "en": "the whole report: 1 and 4 players, every banker (about 20 minutes of one "
              "core; settemezzo.deckdown.REPORT_RUNS)",
        "it": "il rapporto intero: 1 e 4 giocatori, ogni banco (circa 20 minuti di un core; "
              "settemezzo.deckdown.REPORT_RUNS)",
        "es": "el informe completo: 1 y 4 jugadores, cada banca (unos 20 minutos de un "
              "núcleo; settemezzo.deckdown.REPORT_RUNS)",
        "fr": "le rapport complet : 1 et 4 joueurs, chaque banque (environ 20 minutes d'un "
              "cœur ; settemezzo.deckdown.REPORT_RUNS)"},
    "cli.help.deckdown.json": {
        "en": "print the results as JSON", "it": "stampa i risultati in JSON",
        "es": "imprime los resultados en JSON", "fr": "affiche les résultats en JSON"},
    "cli.help.deckdown.quiet": {
        "en": "no progress on stderr", "it": "nessun avanzamento su stderr",
        "es": "sin progreso en stderr", "fr": "pas de progression sur stderr"},
    "cli.help.deckdown.data": {
        "en": "with --report: also study the count and write the report's files "
              "(data/deckdown_*.csv, read by the notebook and 'make charts')",
        "it": "con --report: studia anche il conteggio e scrive i file del rapporto "
              "(data/deckdown_*.csv, letti dal notebook e da 'make charts')",
        "es": "con --report: estudia también la cuenta y escribe los archivos del informe "
              "(data/deckdown_*.csv, leídos por el notebook y 'make charts')",
        "fr": "avec --report : étudie aussi le comptage et écrit les fichiers du rapport "
              "(data/deckdown_*.csv, lus par le notebook et 'make charts')"},
    "cli.help.deckdown.out": {
        "en": "write the rows FILE.csv, or the chart FILE.png|svg|pdf",
        "it": "scrive le righe FILE.csv, o il grafico FILE.png|svg|pdf",
        "es": "escribe las filas FILE.csv, o el gráfico FILE.png|svg|pdf",
        "fr": "écrit les lignes FILE.csv, ou le graphique FILE.png|svg|pdf"},
    # -- the rule knobs of --variant (English: `settemezzo.rules.KNOBS`, which a test keeps
    # equal; a knob whose help only names values keeps it as it is) ------------------------
    "cli.help.knob.royal": {
        "en": "7 and a figure as the only two cards: beats any 7½, paid double",
        "it": "un 7 e una figura come sole due carte: batte ogni 7½, pagato doppio",
        "es": "un 7 y una figura como únicas dos cartas: gana a cualquier 7½, se paga doble",
        "fr": "un 7 et une figure comme seules deux cartes : bat tout 7½, payé double"},
    "cli.help.knob.wild_king": {
        "en": "the K♦ counts ½ or any whole number 1..7",
        "it": "il K♦ vale ½ o un qualsiasi numero intero da 1 a 7",
        "es": "el K♦ vale ½ o cualquier número entero de 1 a 7",
        "fr": "le K♦ vaut ½ ou n'importe quel nombre entier de 1 à 7"},
    "cli.help.knob.pair_of_sevens": {
        "en": "exactly two 7s beat everything, paid triple",
        "it": "esattamente due 7 battono tutto, pagati il triplo",
        "es": "exactamente dos 7 ganan a todo, se pagan triple",
        "fr": "exactement deux 7 battent tout, payés le triple"},
    "cli.help.knob.burn": {
        "en": "a face-down first card of 4 (burn=4) or 3 or 4 (burn=3,4) may be thrown away",
        "it": "una prima carta coperta di 4 (burn=4) o di 3 o 4 (burn=3,4) si può scartare",
        "es": "una primera carta tapada de 4 (burn=4) o de 3 o 4 (burn=3,4) se puede "
              "descartar",
        "fr": "une première carte cachée de 4 (burn=4) ou de 3 ou 4 (burn=3,4) peut être "
              "jetée"},
    "cli.help.knob.ties_push": {
        "en": "a tie returns the stake", "it": "un pareggio restituisce la puntata",
        "es": "un empate devuelve la apuesta", "fr": "une égalité rend la mise"},
    "cli.help.knob.bank_passing": {
        "en": "seven_half (a player's 7½ takes it), rotate (rotate_bank: the next player after "
              "every hand) or keep (keep_bank: until eliminated or beaten by a 7½, Spain)",
        "it": "seven_half (lo prende il 7½ di un giocatore), rotate (rotate_bank: il giocatore "
              "successivo dopo ogni mano) o keep (keep_bank: finché eliminato o battuto da un "
              "7½, Spagna)",
        "es": "seven_half (se la lleva el 7½ de un jugador), rotate (rotate_bank: el jugador "
              "siguiente tras cada mano) o keep (keep_bank: hasta ser eliminada o vencida por "
              "un 7½, España)",
        "fr": "seven_half (le 7½ d'un joueur la prend), rotate (rotate_bank : le joueur "
              "suivant après chaque main) ou keep (keep_bank : jusqu'à élimination ou défaite "
              "par un 7½, Espagne)"},
    "cli.help.knob.swap_hidden": {
        "en": "on a hit, the face-down card may be turned up, the new card kept hidden",
        "it": "chiedendo carta, la carta coperta si può scoprire e tenere coperta la nuova",
        "es": "al pedir carta, la carta tapada se puede descubrir y dejar tapada la nueva",
        "fr": "en tirant, la carte cachée peut être retournée, la nouvelle restant cachée"},
    "cli.help.knob.split_figures": {
        "en": "split two first figures into two hands (=N: up to N hands; off: 1)",
        "it": "dividere due prime figure in due mani (=N: fino a N mani; off: 1)",
        "es": "dividir dos primeras figuras en dos manos (=N: hasta N manos; off: 1)",
        "fr": "partager deux premières figures en deux mains (=N : jusqu'à N mains ; off : 1)"},
    "cli.help.knob.seven_half_pays": {
        "en": "stakes a player's 7½ wins when the banker does not bust (1 or 2)",
        "it": "puntate vinte dal 7½ di un giocatore quando il banco non sballa (1 o 2)",
        "es": "apuestas que gana el 7½ de un jugador cuando la banca no se pasa (1 o 2)",
        "fr": "mises que gagne le 7½ d'un joueur quand la banque ne dépasse pas (1 ou 2)"},
    "cli.help.knob.min_stake": {
        "en": "table minimum stake (in round 1)",
        "it": "puntata minima del tavolo (nel turno 1)",
        "es": "apuesta mínima de la mesa (en la ronda 1)",
        "fr": "mise minimale de la table (à la manche 1)"},
    "cli.help.knob.max_stake": {
        "en": "table maximum stake (in round 1)",
        "it": "puntata massima del tavolo (nel turno 1)",
        "es": "apuesta máxima de la mesa (en la ronda 1)",
        "fr": "mise maximale de la table (à la manche 1)"},
    "cli.help.knob.final_min_stake": {
        "en": "minimum stake in the last round (none: as in round 1)",
        "it": "puntata minima nell'ultimo turno (none: come nel turno 1)",
        "es": "apuesta mínima en la última ronda (none: como en la ronda 1)",
        "fr": "mise minimale à la dernière manche (none : comme à la manche 1)"},
    "cli.help.knob.final_max_stake": {
        "en": "maximum stake in the last round (none: as in round 1)",
        "it": "puntata massima nell'ultimo turno (none: come nel turno 1)",
        "es": "apuesta máxima en la última ronda (none: como en la ronda 1)",
        "fr": "mise maximale à la dernière manche (none : comme à la manche 1)"},
    "cli.help.knob.starting_chips": {
        "en": "chips each player starts with at a table of 2, 3, ..., 8",
        "it": "fiches con cui parte ogni giocatore a un tavolo di 2, 3, ..., 8",
        "es": "fichas con las que empieza cada jugador en una mesa de 2, 3, ..., 8",
        "fr": "jetons de départ de chaque joueur à une table de 2, 3, ..., 8"},
    "cli.help.knob.rounds": {
        "en": "hands in a game (none: no set end)",
        "it": "mani in una partita (none: nessuna fine fissata)",
        "es": "manos en una partida (none: sin final fijado)",
        "fr": "mains dans une partie (none : pas de fin fixée)"},
}
"""Every help text of the command line: key -> {language: text}."""


def help_text(key: str, lang: str = "en", **fields: object) -> str:
    """The help text ``key`` in ``lang`` (English for a language it does not know: the help
    is printed before ``--lang`` is checked), with ``fields`` filled in."""
    texts = HELP[key]
    text = texts.get(lang, texts["en"])
    return text.format(**fields) if fields else text
