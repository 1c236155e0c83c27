"""The control endpoints both fakes answer alike: fault rules, the API port down and up, the request log, the config."""

from __future__ import annotations

import threading

COMMON_CONTROL_ROUTES = {
    ("GET", "/__control/faults"): "control_list_faults",
    ("POST", "/__control/faults"): "control_add_fault",
    ("DELETE", "/__control/faults"): "control_clear_faults",
    ("POST", "/__control/down"): "control_down",
    ("POST", "/__control/up"): "control_up",
    ("GET", "/__control/requests"): "control_requests",
    ("DELETE", "/__control/requests"): "control_clear_requests",
    ("GET", "/__control/config"): "control_config",
}


class CommonControl:
    """The endpoints of COMMON_CONTROL_ROUTES, mixed into a fake that has `faults`, `api` (its
    Listener), `log`, `config` and `control_json(status, obj, headers=None)`."""

    def control_list_faults(self, _payload):
        return self.control_json(200, self.faults.to_json())

    def control_add_fault(self, payload):
        specs = payload if isinstance(payload, list) else [payload]
        rules = [self.faults.add(spec).to_json() for spec in specs]
        return self.control_json(201, rules if isinstance(payload, list) else rules[0])

    def control_clear_faults(self, _payload):
        self.faults.clear()
        return self.control_json(200, {"ok": True})

    def control_down(self, payload):
        """Close the API socket now; optionally reopen it after `seconds`.

        Closing happens before answering so a test's next request is
        guaranteed to be refused.  If this request came in on the API port
        itself, its own connection survives long enough to carry the answer
        (then `Connection: close` ends it).
        """
        seconds = payload.get("seconds") if isinstance(payload, dict) else None
        self.api.close()
        if seconds:
            timer = threading.Timer(float(seconds), self.api.open)
            timer.daemon = True
            timer.start()
        return self.control_json(200, {"ok": True, "up": False, "port": self.api.port},
                                 [("Connection", "close")])

    def control_up(self, _payload):
        self.api.open()
        return self.control_json(200, {"ok": True, "up": True, "port": self.api.port})

    def control_requests(self, _payload):
        return self.control_json(200, self.log.to_json())

    def control_clear_requests(self, _payload):
        self.log.clear()
        return self.control_json(200, {"ok": True})

    def control_config(self, _payload):
        return self.control_json(200, self.config.to_json())
