#include "project/ProjectFile.hpp"

#include <QCoreApplication>
#include <QFile>
#include <QSaveFile>

#include "detbench/Error.hpp"
#include "detbench/ReportJson.hpp"
#include "detbench/ReportJsonReader.hpp"
#include "detbench/SettingsJson.hpp"

namespace detbench::gui {

namespace {

using json = nlohmann::ordered_json;
constexpr const char* kFormat = "detbench-project";

json configJson(const SweepConfig& c) {
  return {{"name", c.name}, {"settings", settingsToJson(c.settings)}};
}

}  // namespace

QByteArray ProjectFile::serialize(const Project& p) {
  json j;
  j["format"] = kFormat;
  j["version"] = kVersion;
  json req;
  req["op"] = p.request.op;
  json params = json::object();
  for (const auto& [k, v] : p.request.params) params[k] = v;
  req["parameters"] = params;
  req["device"] = p.request.device;
  req["trials"] = p.request.trials;
  req["warmup"] = p.request.warmup;
  req["data_seed"] = p.request.dataSeed;
  req["settings"] = settingsToJson(p.request.settings);
  j["request"] = req;
  json presets = json::array();
  for (const QString& name : p.comparePresets) presets.push_back(name.toStdString());
  j["compare_presets"] = presets;
  json custom = json::array();
  for (const auto& c : p.customConfigurations) custom.push_back(configJson(c));
  j["custom_configurations"] = custom;
  j["run"] = p.run ? reportToJson(*p.run) : json(nullptr);
  j["compare"] = p.compare ? reportToJson(*p.compare) : json(nullptr);
  return QByteArray::fromStdString(j.dump(2) + "\n");
}

std::optional<Project> ProjectFile::parse(const QByteArray& bytes, QString* error) {
  auto fail = [error](const QString& why) -> std::optional<Project> {
    if (error) *error = why;
    return std::nullopt;
  };
  json j;
  try {
    j = json::parse(bytes.toStdString());
  } catch (const json::exception&) {
    return fail(
        tr("It is not a detbench project: the file is not valid JSON (damaged or another "
           "program's file)."));
  }
  if (!j.is_object() || !j.contains("format") || j.at("format") != kFormat) {
    return fail(tr("It is not a detbench project (no \"format\": \"detbench-project\")."));
  }
  try {
    const int version = j.at("version").get<int>();
    if (version != kVersion) {
      return fail(tr("The project was written by a newer detbench (project version %1; this one "
                     "reads version %2).")
                      .arg(version)
                      .arg(kVersion));
    }
    Project p;
    const json& req = j.at("request");
    p.request.op = req.at("op").get<std::string>();
    for (const auto& [k, v] : req.at("parameters").items())
      p.request.params[k] = v.get<std::int64_t>();
    p.request.device = req.at("device").get<std::string>();
    p.request.trials = req.at("trials").get<int>();
    p.request.warmup = req.at("warmup").get<int>();
    p.request.dataSeed = req.at("data_seed").get<std::uint64_t>();
    p.request.settings = settingsFromJson(req.at("settings"));
    for (const auto& name : j.at("compare_presets"))
      p.comparePresets << QString::fromStdString(name.get<std::string>());
    for (const auto& c : j.at("custom_configurations")) {
      p.customConfigurations.push_back(
          {c.at("name").get<std::string>(), settingsFromJson(c.at("settings"))});
    }
    if (!j.at("run").is_null()) p.run = reportFromJson(j.at("run"));
    if (!j.at("compare").is_null()) p.compare = reportFromJson(j.at("compare"));
    return p;
  } catch (const json::exception& ex) {
    return fail(tr("The project file is damaged: %1").arg(QString::fromUtf8(ex.what())));
  } catch (const Error& e) {
    return fail(tr("The project file is damaged: %1").arg(QString::fromStdString(e.message())));
  }
}

bool ProjectFile::save(const QString& path, const Project& project, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(serialize(project)) < 0 || !file.commit()) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

std::optional<Project> ProjectFile::load(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    if (error) *error = tr("Cannot open %1: %2").arg(path, file.errorString());
    return std::nullopt;
  }
  QString why;
  auto project = parse(file.readAll(), &why);
  if (!project && error) *error = tr("Cannot open %1. %2").arg(path, why);
  return project;
}

}  // namespace detbench::gui
