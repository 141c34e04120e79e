#include "controllers/WorkerThread.hpp"

#include <pthread.h>

namespace detbench::gui {

WorkerThread::WorkerThread(QObject* owner) : QObject(owner) {}

WorkerThread::~WorkerThread() {
  join();
}

void WorkerThread::start(const std::string& name, std::function<void()> body) {
  thread_ = std::thread([name, body = std::move(body)] {
    pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
    body();
  });
}

void WorkerThread::post(std::function<void()> call) {
  bool schedule = false;
  {
    std::lock_guard lock(mutex_);
    calls_.push_back(std::move(call));
    schedule = !scheduled_;
    scheduled_ = true;
  }
  // By name: the queued call itself carries no data of ours (the calls are in calls_).
  if (schedule) QMetaObject::invokeMethod(this, "drain", Qt::QueuedConnection);
}

void WorkerThread::drain() {
  std::vector<std::function<void()>> calls;
  {
    std::lock_guard lock(mutex_);
    calls.swap(calls_);
    scheduled_ = false;
  }
  for (auto& call : calls) call();
}

void WorkerThread::postFailure(const std::exception& error,
                               std::function<void(const QString&)> failed) {
  // detbench::Error's what() is its message.
  post([this, message = QString::fromUtf8(error.what()), failed = std::move(failed)] {
    join();
    failed(message);
  });
}

void WorkerThread::join() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace detbench::gui
