"""A stranger on the table's network, through real HTTP: what they send is refused cleanly
(400, 403, 415), nothing they send reaches the players' terminal, and pages from
other sites can neither tap nor frame the display."""

from __future__ import annotations

import json
import logging
import re
import resource
import socket
import time

import pytest

from companion.web.guard import REQUEST_RATE, quiet_logging
from companion.web.server import MOST_BODY_BYTES
from companion.web.view import Moment
from tests.web.flood import STRANGER
from tests.web.http_client import Display

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def page(table_game) -> Display:
    return Display(table_game.address)


@pytest.mark.parametrize(
    "path", ["/?t=%C3%A9", "/events?t=%C3%A9", "/map?t=%FF%FE", "/?t=" + "a" * 5000]
)
def test_a_token_that_is_not_ascii_or_too_long_is_refused(page, path, capfd):
    assert page.request("GET", path)[0] == 403
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize(
    "body",
    [
        b'{"serial": 1e400, "index": 0}',
        b'{"serial": Infinity, "index": 0}',
        b'{"serial": NaN, "index": 0}',
        b'{"serial": -1, "index": 0}',
        b'{"serial": true, "index": 0}',
        b'{"serial": "1", "index": 0}',
        b'{"serial": 1}',
        b"[" * 1500,
        b"\xff\xfe not json",
        b"",
    ],
)
def test_a_malformed_tap_is_a_clean_400(page, body, capfd):
    headers = {**JSON, "X-Table-Token": page.token}
    assert page.request("POST", "/tap", body, headers)[0] == 400
    assert "Traceback" not in capfd.readouterr().err


def test_a_tap_with_the_token_in_its_body_is_taken_too(table_game, page):
    asked = page.open_question()
    body = json.dumps({"t": page.token, "serial": asked["serial"], "index": 1}).encode()
    assert page.request("POST", "/tap", body, JSON)[0] == 204
    body = json.dumps({"t": "wrong", "serial": asked["serial"], "index": 1}).encode()
    assert page.request("POST", "/tap", body, JSON)[0] == 403


def test_a_long_body_is_refused_before_it_is_read(page):
    headers = {**JSON, "X-Table-Token": page.token}
    assert page.request("POST", "/tap", b"[" * 100_000, headers)[0] == 400
    assert page.request("POST", "/tap", b"[" * 100_000, JSON)[0] == 400


def test_a_200_megabyte_post_is_refused_without_the_memory(page):
    """The 400 comes back after the headers; the body is never read (at most the socket's
    and uvicorn's buffers: we send 8 MB before stopping)."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with socket.create_connection((page.host, page.port), timeout=10) as connection:
        connection.sendall(
            b"POST /tap HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 200000000\r\n\r\n"
        )
        chunk = b"[" * 65536
        try:
            for _ in range(128):
                connection.sendall(chunk)
        except OSError:  # the server hung up: refused
            pass
        answer = connection.recv(200)
    grown_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert answer.startswith(b"HTTP/1.1 400")
    assert grown_kb < 30_000, f"the process grew {grown_kb} kB"


def test_a_chunked_body_is_cut_off_at_the_limit(page):
    with socket.create_connection((page.host, page.port), timeout=10) as connection:
        connection.sendall(
            b"POST /tap HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        size = MOST_BODY_BYTES + 1
        connection.sendall(f"{size:x}\r\n".encode() + b" " * size + b"\r\n")
        assert connection.recv(200).startswith(b"HTTP/1.1 400")


def test_another_site_cannot_tap(table_game, page):
    asked = page.open_question()
    body = json.dumps({"t": page.token, "serial": asked["serial"], "index": 0}).encode()
    # what a no-cors fetch from another site sends
    other_site = {"Content-Type": "text/plain;charset=UTF-8", "Origin": "http://evil.example"}
    assert page.request("POST", "/tap", body, other_site)[0] == 403
    cross_site = {**JSON, "Sec-Fetch-Site": "cross-site"}
    assert page.request("POST", "/tap", body, cross_site)[0] == 403
    assert page.request("POST", "/tap", body, {"Content-Type": "text/plain"})[0] == 415
    rebound = {
        **JSON,
        "Host": f"evil.example:{page.port}",
        "Origin": f"http://evil.example:{page.port}",
    }
    assert page.request("POST", "/tap", body, rebound)[0] == 403
    time.sleep(0.3)
    assert page.open_question()["serial"] == asked["serial"], "a refused tap answered"
    own = {**JSON, "Origin": f"http://{page.host}:{page.port}", "Sec-Fetch-Site": "same-origin"}
    assert page.request("POST", "/tap", body, own)[0] == 204


def test_every_answer_forbids_framing_and_the_page_keeps_its_token_out_of_the_address(page):
    for path in (f"/?t={page.token}", "/", f"/map?t={page.token}", "/static/app.js"):
        _, headers, _ = page.request("GET", path)
        assert headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["referrer-policy"] == "no-referrer"
    status, headers, _ = page.request("GET", f"/?t={page.token}")
    cookie = headers["set-cookie"]
    assert status == 200 and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert page.request("GET", "/", headers={"Cookie": cookie.split(";")[0]})[0] == 200
    assert page.request("GET", "/", headers={"Cookie": "table_token=wrong"})[0] == 403


def test_a_malformed_request_line_is_a_clean_400(page, capfd):
    for raw in (b"GET /\xff\xfe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: " + b"a" * 20_000 + b"\r\n\r\n",
                b"NONSENSE\r\n\r\n"):  # fmt: skip
        with socket.create_connection((page.host, page.port), timeout=10) as connection:
            connection.sendall(raw)
            assert connection.recv(200)[:12] in (b"HTTP/1.1 400", b"HTTP/1.1 403"), raw[:20]
    assert "Traceback" not in capfd.readouterr().err


def test_a_page_that_never_reads_gets_only_the_newest(table_game, page):
    """20,000 snapshots (50 MB) published to a page that reads nothing: it is sent the
    newest, not a backlog; what it gets is what the sockets' buffers held meanwhile."""
    with socket.socket() as connection:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.connect((page.host, page.port))
        connection.sendall(
            f"GET /events?t={page.token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
        )
        time.sleep(0.5)
        for serial in range(10_000, 30_000):
            table_game.server.publish(Moment(serial=serial, question="x" * 2000))
        time.sleep(1)
        received = b""
        connection.settimeout(1)
        try:
            while chunk := connection.recv(65536):
                received += chunk
                if b'"serial": 29999' in received:
                    break
        except TimeoutError:
            pass
    events = received.count(b"data: ")
    assert b'"serial": 29999' in received
    assert events < 4_000, f"{events} snapshots were queued for a page that read none"


def test_a_log_that_cannot_be_written_prints_nothing(tmp_path, capfd):
    quiet_logging(tmp_path / "removed" / "game.display.log")
    logging.getLogger("uvicorn.error").warning("Invalid HTTP request received.")
    assert capfd.readouterr().err == ""


def test_one_client_making_requests_as_fast_as_it_can_is_slowed_not_the_players(page):
    """A stranger's requests beyond its share (REQUEST_RATE), pipelined on one
    connection, are answered 429 and the connection closed; a player's tap, from another
    address, is answered meanwhile."""
    request = f"GET /?t=wrong HTTP/1.1\r\nHost: {page.host}\r\n\r\n".encode()
    answered = b""
    with socket.create_connection(
        (page.host, page.port), timeout=20, source_address=(STRANGER, 0)
    ) as connection:
        connection.sendall(request * REQUEST_RATE[1] * 2)
        while chunk := connection.recv(65536):
            answered += chunk
    statuses = re.findall(rb"HTTP/1\.1 (\d{3}) ", answered)
    assert statuses[: REQUEST_RATE[1]] == [b"403"] * REQUEST_RATE[1]
    assert statuses[-1] == b"429"  # then the connection is closed
    assert len(statuses) < REQUEST_RATE[1] * 2
    asked = page.open_question()
    assert page.tap(asked["serial"], 0) == 204
