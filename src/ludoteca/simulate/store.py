"""A simulation's folder: `run.json` (what was asked) and `games.jsonl` (one row per finished game).

Rows are appended and flushed one by one as games finish, so a run stopped at any moment
(Ctrl-C, a killed process, a lost machine) keeps every finished game; running the same
command again plays only the games still missing. A last line cut off mid-write is the only
damage an interruption can do; it is dropped on resume. Anything else malformed is reported
by line number, never silently discarded.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

from ..engine import LudotecaError, T
from ..engine.record import replacing_mode

FORMAT = "ludoteca-simulation/1"
#: the fields of run.json that must match for a run to resume (the number of games may grow)
IDENTITY = ("format", "game", "seats", "seed", "options", "sweep", "max_actions")


class Store:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.manifest_path = self.folder / "run.json"
        self.rows_path = self.folder / "games.jsonl"
        self.records_dir = self.folder / "records"

    # --- the manifest ------------------------------------------------------------------
    def read_manifest(self) -> dict[str, Any] | None:
        if not self.manifest_path.exists():
            return None
        try:
            doc = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise LudotecaError(T(f"{self.manifest_path} is unreadable: {exc}", f"{self.manifest_path} no se puede leer: {exc}")) from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise LudotecaError(T(f"{self.manifest_path} is not a ludoteca simulation", f"{self.manifest_path} no es una simulación de ludoteca"))
        return doc

    def open_run(self, manifest: dict[str, Any]) -> dict[str, Any]:
        """Start a run in the folder, or resume the same run; a different run there is refused."""
        old = self.read_manifest()
        if old is None:
            if self.rows_path.exists() and self.rows_path.stat().st_size:
                raise LudotecaError(T(f"{self.folder} holds games but no run.json: use another --out", f"{self.folder} tiene partidas pero no run.json: usa otro --out"))
            self.folder.mkdir(parents=True, exist_ok=True)
            self.write_manifest(manifest)
            return manifest
        different = [k for k in IDENTITY if old.get(k) != manifest.get(k)]
        if different:
            raise LudotecaError(T(
                f"{self.folder} holds a different simulation ({', '.join(different)} differ): use another --out",
                f"{self.folder} contiene otra simulación (difieren {', '.join(different)}): usa otro --out",
            ))
        old["games"] = max(old.get("games", 0), manifest["games"])
        old["records"] = manifest.get("records", old.get("records"))
        self.write_manifest(old)
        return old

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        tmp = self.manifest_path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        os.chmod(tmp, replacing_mode(self.manifest_path))  # run.json keeps the permissions it was given
        os.replace(tmp, self.manifest_path)

    # --- the rows ----------------------------------------------------------------------
    def _lines(self) -> Iterator[tuple[int, str, bool]]:
        """(line number, text, complete) for every line of games.jsonl."""
        if not self.rows_path.exists():
            return
        with self.rows_path.open("r", encoding="utf-8", errors="replace") as fh:
            for number, line in enumerate(fh, 1):
                yield number, line, line.endswith("\n")

    def rows(self) -> list[dict[str, Any]]:
        """Every finished game, once each, in (variant, index) order; a cut-off last line is ignored."""
        seen: dict[tuple[str, int], dict[str, Any]] = {}
        for number, line, complete in self._lines():
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                key = (row["variant"], row["index"])
            except (json.JSONDecodeError, KeyError, TypeError):
                if not complete:
                    break  # the write an interruption cut short
                raise LudotecaError(T(
                    f"{self.rows_path} line {number} is not a game row",
                    f"{self.rows_path} línea {number} no es una fila de partida",
                )) from None
            seen.setdefault(key, row)
        return sorted(seen.values(), key=lambda r: (r["variant"], r["index"]))

    def repair(self) -> None:
        """Cut a last line left incomplete by an interruption, so new rows start on a line of their own."""
        if not self.rows_path.exists():
            return
        data = self.rows_path.read_bytes()
        if data and not data.endswith(b"\n"):
            cut = data.rfind(b"\n") + 1
            with self.rows_path.open("r+b") as fh:
                fh.truncate(cut)

    def append(self, row: dict[str, Any]) -> None:
        record = row.pop("_record", None)
        if record is not None:
            self.write_record(row, record)
        if not hasattr(self, "_fh"):
            self._fh = self.rows_path.open("a", encoding="utf-8")
        self._fh.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()

    def write_record(self, row: dict[str, Any], record: dict[str, Any]) -> None:
        self.records_dir.mkdir(parents=True, exist_ok=True)
        path = self.records_dir / f"{slug(row['variant'])}-game{row['index']:05d}.json"
        path.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    def close(self) -> None:
        fh = getattr(self, "_fh", None)
        if fh is not None:
            fh.close()
            del self._fh


def slug(label: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in label.replace("=", "-"))
