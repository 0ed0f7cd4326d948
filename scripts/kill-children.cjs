// Shared by the test watchdogs: kill this process's children (the test workers), whose event
// loop may be blocked so that they would not notice the run ending.
const fs = require('node:fs');
const path = require('node:path');

/** This process's children (Linux /proc; elsewhere none, and the outer `timeout` cleans up). */
function childPids() {
  try {
    const task = `/proc/${process.pid}/task`;
    return fs
      .readdirSync(task)
      .flatMap((t) =>
        fs
          .readFileSync(path.join(task, t, 'children'), 'utf8')
          .trim()
          .split(/\s+/),
      )
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function killChildren() {
  for (const pid of childPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

module.exports = { killChildren };
