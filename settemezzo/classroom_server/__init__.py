"""The whole class at once: students on their own devices, a teacher who sees the answers.

- `settemezzo.classroom_server.store`: the class session in SQLite (codes, seed, rounds,
  students and every recorded answer), restart-safe;
- `settemezzo.classroom_server.summary`: plain functions that judge and summarise the answers (the
  scoreboard, the mistakes by hand state, the most expensive mistakes, each student's
  progress);
- `settemezzo.classroom_server.report`: the summary as text, JSON, CSV or a one-page PDF;
- `settemezzo.classroom_server.service` and `settemezzo.classroom_server.server`: the class
  logic and the small web server that students and the teacher open in a browser
  (`settemezzo classroom`).
"""
