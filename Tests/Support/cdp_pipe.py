#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol over a pipe (--remote-debugging-pipe), for the console's
browser tests. Standard library only.

    cdp_pipe.py CHROMIUM USER_DATA_DIR URL < steps.json > results.json

steps.json is a JSON array run in order in one tab opened at URL, each step one of:

    {"wait": "JS expression", "timeout": SECONDS}   poll until the expression is truthy (default 30 s; fails after)
    {"eval": "JS expression"}                       evaluate (promises awaited) and record the value
    {"viewport": [WIDTH, HEIGHT]}                   emulate a window of that size in CSS pixels (layout follows)

It prints a JSON object {"results": [value of each eval step, in order]} or exits 1 with a message on stderr.
Chromium reads commands on fd 3 and writes replies on fd 4, each a JSON text ended by a NUL byte.
"""
import json
import os
import subprocess
import sys
import time


class Browser:
    def __init__(self, chromium, user_data_dir):
        command_read, self.command_write = os.pipe()
        self.reply_read, reply_write = os.pipe()

        def wire_pipes():
            # Duplicate above 4 first, so that moving one onto 3 or 4 never closes the other.
            high_command, high_reply = os.dup(command_read), os.dup(reply_write)
            os.dup2(high_command, 3)
            os.dup2(high_reply, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--remote-debugging-pipe",
             "--user-data-dir=" + user_data_dir, "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=wire_pipes)
        os.close(command_read)
        os.close(reply_write)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.command_write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})

    def read(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.reply_read, 65536)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Page.navigate", {"url": url})

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("exception in " + expression + ": " + json.dumps(result["exceptionDetails"]))
        return result.get("result", {}).get("value")

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: cdp_pipe.py CHROMIUM USER_DATA_DIR URL < steps.json")
    steps = json.load(sys.stdin)
    browser = Browser(sys.argv[1], sys.argv[2])
    results = []
    try:
        browser.open(sys.argv[3])
        for step in steps:
            if "viewport" in step:
                width, height = step["viewport"]
                browser.send("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            elif "wait" in step:
                deadline = time.monotonic() + float(step.get("timeout", 30))
                while True:
                    try:
                        if browser.evaluate(step["wait"]):
                            break
                    except RuntimeError:
                        pass  # the page is still loading: the expression's objects may not exist yet
                    if time.monotonic() > deadline:
                        raise RuntimeError("timed out waiting for: " + step["wait"])
                    time.sleep(0.1)
            else:
                results.append(browser.evaluate(step["eval"]))
    except RuntimeError as error:
        print(str(error), file=sys.stderr)
        browser.close()
        sys.exit(1)
    browser.close()
    json.dump({"results": results}, sys.stdout)


if __name__ == "__main__":
    main()
