#include "project/ProjectFile.hpp"

#include <QCoreApplication>

#include "common/FileWriter.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/JsonFields.hpp"
#include "detbench/remote/SshTarget.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/report/ReportJsonReader.hpp"
#include "detbench/settings/SettingsJson.hpp"

namespace detbench::gui {

namespace {

using json = nlohmann::ordered_json;
constexpr const char* kFormat = "detbench-project";

json configJson(const SweepConfig& c) {
  return {{"name", c.name}, {"settings", settingsToJson(c.settings)}};
}

// The identity file and the program run there are this machine's settings and stay out: a
// project may travel, and must not choose what runs under its reader's login.
json remoteJson(const RemoteHost& h) {
  json j{{"destination", h.target.destination},
         {"port", h.target.port},
         {"device", h.device.toStdString()},
         {"timeout_s", h.timeoutSeconds}};
  if (h.slurm) {
    j["slurm"] = {{"partition", h.partition}, {"gpu_type", h.gpuType}, {"time", h.timeLimit}};
  }
  return j;
}

RemoteHost remoteFromJson(const json& j) {
  RemoteHost h;
  h.target.destination = j.at("destination").get<std::string>();
  h.target.port = integerField<int>(j, "port", 0, 65535);
  h.device = QString::fromStdString(j.at("device").get<std::string>());
  h.timeoutSeconds = integerField<int>(j, "timeout_s", 1, 3600);
  if (j.contains("slurm")) {
    const json& s = j.at("slurm");
    h.slurm = true;
    h.partition = s.at("partition").get<std::string>();
    h.gpuType = s.at("gpu_type").get<std::string>();
    h.timeLimit = s.at("time").get<std::string>();
  }
  h.plan(QString()).check();  // what the dialog would refuse
  DETBENCH_CHECK_ARG(!h.device.isEmpty(), "the remote device is empty");
  return h;
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
  j["remote"] = p.remote ? remoteJson(*p.remote) : json(nullptr);
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
    j = parseJson(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                  "project");
  } catch (const Error& e) {
    return fail(tr("It is not a detbench project: %1").arg(QString::fromStdString(e.message())));
  }
  if (!j.is_object() || !j.contains("format") || j.at("format") != kFormat) {
    return fail(tr("It is not a detbench project (no \"format\": \"detbench-project\")."));
  }
  try {
    const json& versionField = j.at("version");
    if (!versionField.is_number_integer() || versionField.get<std::int64_t>() != kVersion) {
      return fail(tr("The project was written by another detbench (project version %1; this "
                     "one reads version %2).")
                      .arg(QString::fromStdString(jsonSnippet(versionField)))
                      .arg(kVersion));
    }
    Project p;
    const json& req = j.at("request");
    p.request.op = req.at("op").get<std::string>();
    const OpDefinition& op = opDefinition(p.request.op);  // raises for an unknown op
    for (const auto& [k, v] : req.at("parameters").items())
      p.request.params[k] = integerOf<std::int64_t>(v, k);
    resolveParams(p.request.op, op.params(), p.request.params);  // names and ranges
    p.request.device = req.at("device").get<std::string>();
    DETBENCH_CHECK_ARG(!p.request.device.empty(), "the device is empty");
    p.request.trials = integerField<int>(req, "trials", 1, kMaxTrials);
    p.request.warmup = integerField<int>(req, "warmup", 0, kMaxWarmup);
    p.request.dataSeed = integerField<std::uint64_t>(req, "data_seed");
    p.request.settings = settingsFromJson(req.at("settings"));
    // Absent from projects written before runs could go to a remote host.
    if (j.contains("remote") && !j.at("remote").is_null())
      p.remote = remoteFromJson(j.at("remote"));
    for (const auto& name : j.at("compare_presets")) {
      const auto preset = name.get<std::string>();
      DETBENCH_CHECK_ARG(sweepPreset(preset, {}).has_value(), "unknown configuration " + preset);
      p.comparePresets << QString::fromStdString(preset);
    }
    for (const auto& c : j.at("custom_configurations")) {
      SweepConfig config{c.at("name").get<std::string>(), settingsFromJson(c.at("settings"))};
      DETBENCH_CHECK_ARG(!config.name.empty(), "a configuration has no name");
      p.customConfigurations.push_back(std::move(config));
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
  return FileWriter::write(path, serialize(project), error);
}

std::optional<Project> ProjectFile::load(const QString& path, QString* error) {
  std::string text;
  try {
    text = readFile(path.toStdString());
  } catch (const Error& e) {
    if (error) *error = tr("Cannot open %1: %2").arg(path, QString::fromStdString(e.message()));
    return std::nullopt;
  }
  QString why;
  auto project = parse(QByteArray::fromStdString(text), &why);
  if (!project && error) *error = tr("Cannot open %1. %2").arg(path, why);
  return project;
}

}  // namespace detbench::gui
