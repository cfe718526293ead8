"""Every row of the verdict table, against a real server on 127.0.0.1."""

from __future__ import annotations

import pytest

from gpulist.linkcheck.config import parse_config
from gpulist.linkcheck.model import Verdict
from tests.linkcheck.conftest import FAST, check_one, check_urls
from tests.linkcheck.server import LocalServer, RawServer, free_port

V = Verdict


@pytest.mark.parametrize(("path", "verdict", "status"), [
    ("/ok", V.OK, 200),
    ("/found", V.OK, 200),
    ("/temporary", V.OK, 200),
    ("/missing", V.BROKEN, 404),
    ("/gone", V.BROKEN, 410),
    ("/moved-to-missing", V.BROKEN, 404),
    ("/unauthorized", V.BLOCKED, 401),
    ("/forbidden", V.BLOCKED, 403),
    ("/not-acceptable", V.BLOCKED, 406),
    ("/linkedin", V.BLOCKED, 999),
    ("/challenge", V.BLOCKED, 403),
    ("/error", V.TRANSIENT, 500),
    ("/rate-limited", V.RATE_LIMITED, 429),
    ("/needs-login", V.SUSPECT, 200),
    ("/head-refused", V.OK, 200),
    ("/head-lies", V.OK, 200),
])
def test_status_verdicts(server: LocalServer, path: str, verdict: Verdict, status: int) -> None:
    result = check_one(server.url(path))
    assert (result.verdict, result.status) == (verdict, status), result.detail


@pytest.mark.parametrize("path", ["/moved", "/moved308"])
def test_permanent_redirect_reports_the_new_url(server: LocalServer, path: str) -> None:
    result = check_one(server.url(path))
    assert result.verdict is V.REDIRECTED
    assert result.final_url == server.url("/ok")


def test_temporary_redirect_is_ok_and_keeps_the_url(server: LocalServer) -> None:
    result = check_one(server.url("/found"))
    assert result.verdict is V.OK and result.final_url == server.url("/ok")


def test_redirect_loop_is_broken(server: LocalServer) -> None:
    result = check_one(server.url("/loop"))
    assert result.verdict is V.BROKEN and "loop" in result.detail


def test_too_many_redirects_is_broken(server: LocalServer) -> None:
    config = parse_config({**FAST, "max_redirects": 3})
    result = check_one(server.url("/chain/0"), config=config)
    assert result.verdict is V.BROKEN and "more than 3 redirects" in result.detail


def test_server_errors_are_retried_then_transient(server: LocalServer) -> None:
    before = server.hits["/error"]
    result = check_one(server.url("/error"))
    assert result.verdict is V.TRANSIENT and result.attempts == 3
    assert server.hits["/error"] - before >= 3


def test_a_transient_failure_that_passes_is_ok(server: LocalServer) -> None:
    result = check_one(server.url("/unavailable-once"))
    assert result.verdict is V.OK and result.attempts > 1


def test_retry_after_is_honoured(server: LocalServer) -> None:
    result = check_one(server.url("/rate-limited-once"))
    assert result.verdict is V.OK and result.attempts == 2


def test_retry_after_beyond_the_cap_gives_up_at_once(server: LocalServer) -> None:
    result = check_one(server.url("/rate-limited-long"))
    assert result.verdict is V.RATE_LIMITED and result.attempts == 1
    assert "beyond" in result.detail


def test_timeout_is_transient(server: LocalServer) -> None:
    config = parse_config({**FAST, "timeout": 0.2, "retries": 0})
    result = check_one(server.url("/slow"), config=config)
    assert result.verdict is V.TRANSIENT and "timed out" in result.detail


def test_connection_refused_is_transient_and_retried() -> None:
    result = check_one(f"http://127.0.0.1:{free_port()}/")
    assert result.verdict is V.TRANSIENT and result.attempts == 3
    assert "connect" in result.detail


@pytest.mark.parametrize("mode", ["garbage", "reset"])
def test_bytes_that_are_not_http_are_transient(mode: str) -> None:
    raw = RawServer(mode).start()
    try:
        result = check_one(f"http://127.0.0.1:{raw.port}/", config=parse_config({**FAST, "retries": 0}))
    finally:
        raw.stop()
    assert result.verdict is V.TRANSIENT, result.detail


def test_tls_failure_is_transient(server: LocalServer) -> None:
    result = check_one(f"https://127.0.0.1:{server.port}/ok", config=parse_config({**FAST, "retries": 0}))
    assert result.verdict is V.TRANSIENT and "SSL" in result.detail


def test_dns_name_that_does_not_exist_is_broken() -> None:
    result = check_one("http://no-such-host.invalid/page")
    assert result.verdict is V.BROKEN and "does not exist" in result.detail


def test_names_connect_only_to_the_guarded_addresses(server: LocalServer) -> None:
    result = check_one(f"http://site.test:{server.port}/ok")
    assert result.verdict is V.OK


def test_unsupported_scheme() -> None:
    assert check_one("ftp://files.example.org/x").verdict is V.UNSUPPORTED


def test_excluded_by_configuration(server: LocalServer) -> None:
    config = parse_config({**FAST, "exclude": [r"/missing$"]})
    result = check_one(server.url("/missing"), config=config)
    assert result.verdict is V.EXCLUDED and result.attempts == 0


def test_accepted_codes_count_as_ok(server: LocalServer) -> None:
    config = parse_config({**FAST, "accept": [403]})
    assert check_one(server.url("/forbidden"), config=config).verdict is V.OK


def test_fragments_are_checked_on_html_pages(server: LocalServer) -> None:
    urls = [server.url("/page#intro"), server.url("/page#legacy"), server.url("/page#café"),
            server.url("/page#caf%C3%A9"), server.url("/page#nowhere"), server.url("/plain#anything"),
            server.url("/page#top")]
    verdicts = [r.verdict for r in check_urls(urls)]
    assert verdicts == [V.OK, V.OK, V.OK, V.OK, V.BROKEN, V.OK, V.OK]


def test_a_huge_download_costs_kilobytes(server: LocalServer) -> None:
    result = check_one(server.url("/huge"))
    assert result.verdict is V.OK
    assert server.sent["/huge"] < 64 * 1024 * 1024  # of 10 GB announced


def test_fragment_reading_is_bounded(server: LocalServer) -> None:
    result = check_one(server.url("/huge-html#absent"))
    assert result.verdict is V.OK and "not checked" in result.detail
    assert server.sent["/huge-html"] < 64 * 1024 * 1024


def test_honest_user_agent(server: LocalServer) -> None:
    check_one(server.url("/echo"))
    assert "gpulist" in server.headers["/echo"][-1]["User-Agent"]


def test_cookies_never_cross_hosts() -> None:
    srv = LocalServer(hosts=("127.0.0.1", "127.0.0.2")).start()
    try:
        other = srv.url("/echo", host="127.0.0.2")
        result = check_one(srv.url(f"/set-cookie-elsewhere?to={other}"))
        assert result.verdict is V.OK
        assert "Cookie" not in srv.headers["/echo"][-1]
    finally:
        srv.stop()


def test_cookies_go_back_to_their_own_host(server: LocalServer) -> None:
    assert check_one(server.url("/needs-cookie")).verdict is V.OK


def test_credentials_stay_with_their_host() -> None:
    srv = LocalServer(hosts=("127.0.0.1", "127.0.0.2")).start()
    try:
        other = srv.url("/echo", host="127.0.0.2")
        url = srv.url(f"/to-other-host?to={other}").replace("http://", "http://user:pw@")
        assert check_one(url).verdict is V.OK
        assert "Authorization" in srv.headers["/to-other-host"][-1]
        assert "Authorization" not in srv.headers["/echo"][-1]
    finally:
        srv.stop()


def test_an_unexpected_error_on_one_url_is_reported_not_fatal(server: LocalServer) -> None:
    async def resolver(host: str) -> list[str]:
        raise RuntimeError("resolver bug")

    results = check_urls(["http://bug.test/", server.url("/ok")], resolver=resolver)
    assert [r.verdict for r in results] == [V.TRANSIENT, V.OK]
    assert "checker error" in results[0].detail and "resolver bug" in results[0].detail


def test_a_url_that_cannot_be_sent_is_broken_not_retried() -> None:
    result = check_one("http://127.0.0.1:99999/")
    assert (result.verdict, result.attempts) == (V.BROKEN, 1)
    assert result.detail == "invalid URL: Port out of range 0-65535"
