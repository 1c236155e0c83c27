"""The latency proxy relays bytes whole and in order, and holds them as long as it says."""
import asyncio
import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from latency_proxy import Link  # noqa: E402


class LatencyProxyTests(unittest.TestCase):
    def test_a_request_waits_a_handshake_and_a_round_trip_and_comes_back_whole(self):
        async def scenario():
            async def echo(reader, writer):
                while data := await reader.read(65536):
                    writer.write(data)
                    await writer.drain()
                writer.close()

            upstream = await asyncio.start_server(echo, "127.0.0.1", 0)
            link = Link("127.0.0.1", upstream.sockets[0].getsockname()[1], rtt=0.2)
            proxy = await asyncio.start_server(link.serve, "127.0.0.1", 0)
            reader, writer = await asyncio.open_connection("127.0.0.1", proxy.sockets[0].getsockname()[1])
            payload = os.urandom(1 << 20)
            started = time.monotonic()
            writer.write(payload)
            await writer.drain()
            writer.write_eof()
            echoed = await reader.read(-1)
            elapsed = time.monotonic() - started
            writer.close()
            proxy.close()
            upstream.close()
            return payload, echoed, elapsed

        payload, echoed, elapsed = asyncio.run(scenario())
        self.assertEqual(echoed, payload)
        # A handshake (0.2 s) and a round trip (0.2 s) at least; the upper bound only catches a
        # proxy that holds bytes far longer than it says (a loaded machine gets wide room).
        self.assertGreaterEqual(elapsed, 0.39)
        self.assertLess(elapsed, 5.0)


if __name__ == "__main__":
    unittest.main()
