"""`recount verify FILE`: check an exported match offline, without the server that
recorded it: the hash chain step by step, every action against the rules, the
standings recomputed from the events, and the signed certificate (in the file's
header, or given beside it) against the server's public key.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

import domain
from service.records import export, signing
from service.store import chain
from service.store.matchlog import MatchLog


class Verdict(msgspec.Struct, kw_only=True):
    """What was found about one match: `reason` says the first check that fails and
    `bad_step` its step (None when the record holds, or when what fails is no step:
    the certificate), `findings` say each check's outcome in words."""

    match_id: str
    ok: bool = True
    bad_step: int | None = None
    reason: str | None = None
    findings: list[str] = []

    def fail(self, words: str, step: int | None = None) -> Verdict:
        if self.ok:
            self.ok, self.bad_step, self.reason = False, step, words
        self.findings.append("FAILED: " + words)
        return self

    def headline(self) -> str:
        """One line: OK, or what is wrong (and at which step, when it is a step)."""
        if self.ok:
            return "OK"
        return f"BAD at step {self.bad_step}: {self.reason}" if self.bad_step is not None else f"BAD: {self.reason}"


def verify_lines(
    lines: Iterable[bytes | str],
    *,
    public_pem: bytes | None = None,
    certificate: signing.Certificate | None = None,
) -> list[Verdict]:
    """A verdict for each match of an export (BadFile if it is not an export at all)."""
    return [_verify_match(match, public_pem, certificate) for match in export.parse(lines)]


def _verify_match(match: export.MatchFile, public_pem: bytes | None, given: signing.Certificate | None) -> Verdict:
    verdict = Verdict(match_id=match.header.match_id)
    report = chain.verify((line.step, line.meta, line.event) for line in match.lines)
    if report.broken is not None:
        step = report.broken.step
        return verdict.fail(f"line {match.line_of(step)}: {report.words()}", step)
    verdict.findings.append(report.words())
    try:
        records = export.records_of(match, allow_unchained=True)
        export.checked(match, records)
    except export.BadFile as error:
        step = _step_of(match, error.message)
        return verdict.fail(error.message, step)
    verdict.findings.append(f"every action of the {len(records)} steps is legal under the match's rules")
    log = MatchLog.load(domain.find(records[0].system), records)
    standings = log.system.standings(log.state)
    placings = [{"player": p.player, "place": p.place, "score": p.score, "title": p.title} for p in standings.placings]
    said = ", ".join(f"{p['place']}. {p['player']}" for p in placings)
    verdict.findings.append(f"standings recomputed from the events ({'final' if standings.final else 'not final'}): {said}")
    certificate = given or match.header.certificate
    if certificate is None and public_pem is not None:
        # Dropping the certificate is all a forger needs after recomputing the chain:
        # asked to check the server's signature, its absence is a failure.
        return verdict.fail("no certificate in or beside the file, so nothing shows the server signed these standings (--key asks for its signature)")
    if certificate is None:
        verdict.findings.append("no certificate in or beside the file: the standings are recomputed but not signed")
        return verdict
    if not certificate.signature:
        return verdict.fail("the certificate is unsigned: its signature is empty")
    if public_pem is not None:
        public, whose = signing.load_public(public_pem), "the given public key"
    elif match.header.public_key is not None:
        public, whose = signing.load_public(match.header.public_key.pem), "the public key in the file itself (pass --key to check it is the server's)"
    else:
        return verdict.fail("the certificate cannot be checked: no public key given (--key) and none in the file")
    if certificate.key_id != signing.key_id(public):
        return verdict.fail(f"the certificate was signed with key {certificate.key_id}, not with {whose} ({signing.key_id(public)})")
    if not signing.signature_holds(public, certificate):
        return verdict.fail(f"the certificate's signature does not hold under {whose}: the certificate was changed or signed by another key")
    body = certificate.body
    last = match.lines[-1] if match.lines else None
    if body.get("match_id") != match.header.match_id:
        return verdict.fail(f"the certificate is for match {body.get('match_id')}, not {match.header.match_id}")
    if last is None or body.get("last_step") != last.step or body.get("chain") != last.meta.get("chain"):
        step = min(body.get("last_step") or 1, last.step if last else 1)
        return verdict.fail(f"the certificate signs step {body.get('last_step')} with chain {str(body.get('chain'))[:16]}…, the file ends at step {last.step if last else 0} with another", step)
    if body.get("placings") != placings:
        return verdict.fail("the signed standings differ from those recomputed from the events", last.step)
    verdict.findings.append(f"certificate signature holds under {whose} (key {certificate.key_id}); it signs these standings at step {last.step}")
    return verdict


def _step_of(match: export.MatchFile, message: str) -> int | None:
    """The step a BadFile message names by its line ("line N: …")."""
    head = message.split(":", 1)[0]
    if head.startswith("line "):
        try:
            return max(1, int(head[5:]) - match.first_line)
        except ValueError:
            return None
    return None
