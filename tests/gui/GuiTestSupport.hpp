#pragma once
// Helpers for the GUI tests: waiting for a signal while the event loop runs.

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <functional>

namespace detbench::gui::testing {

// Runs the event loop until `done()` or the timeout; returns done().
inline bool waitUntil(const std::function<bool()>& done, int timeoutMs = 60000) {
  QElapsedTimer clock;
  clock.start();
  while (!done() && clock.elapsed() < timeoutMs) {
    QEventLoop loop;
    QTimer::singleShot(5, &loop, &QEventLoop::quit);
    loop.exec();
  }
  return done();
}

// Lets the queued events (layouts, posted calls) run a few rounds.
inline void settle() {
  for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
}

}  // namespace detbench::gui::testing
