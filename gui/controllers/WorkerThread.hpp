#pragma once
// The worker thread of a controller, and the one way its results reach the controller's (GUI)
// thread: calls posted in order into a mutex-guarded queue, drained there by one queued call at
// a time. It is built on std::thread and std::mutex, whose ordering ThreadSanitizer sees;
// Debian's Qt is not built with it, so QThread's waits and Qt's queued calls carrying our data
// would look like races (and would hide real ones among them).

#include <QObject>
#include <QString>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace detbench::gui {

class WorkerThread : public QObject {
  Q_OBJECT

 public:
  // Posted calls run on the thread `owner` lives in.
  explicit WorkerThread(QObject* owner);
  ~WorkerThread() override;  // joins

  bool running() const { return thread_.joinable(); }
  // Starts `body` on a new thread named `name` (at most 15 characters are kept).
  void start(const std::string& name, std::function<void()> body);
  // From the worker: runs `call` later on the owner's thread, after every call posted before.
  void post(std::function<void()> call);
  // From the worker, in its catch block: posts a call that joins the worker and hands `failed`
  // the exception's message (a detbench::Error's message; what() of any other exception).
  void postFailure(const std::exception& error, std::function<void(const QString&)> failed);
  // Waits for the worker to return (from the owner's thread).
  void join();

 private slots:
  void drain();

 private:
  std::thread thread_;
  std::mutex mutex_;
  std::vector<std::function<void()>> calls_;
  bool scheduled_ = false;
};

}  // namespace detbench::gui
