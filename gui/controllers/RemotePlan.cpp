#include "controllers/RemotePlan.hpp"

#include "detbench/remote/SlurmConnection.hpp"

namespace detbench::gui {

namespace {

bool viaLogin(const RemotePlan& p) {
  return p.slurm && !p.target.destination.empty();
}

}  // namespace

void RemotePlan::check() const {
  if (!slurm) {
    remote::checkSshTarget(target);
    return;
  }
  remote::checkSlurmTarget(*slurm);
  if (viaLogin(*this)) remote::checkSshTarget(target);
}

std::string RemotePlan::where() const {
  if (!slurm) return target.destination;
  return "a Slurm " +
         (slurm->gpuType.empty() ? std::string("node") : "gpu:" + slurm->gpuType + " node");
}

std::string RemotePlan::label() const {
  if (!slurm) return "ssh " + target.destination;
  return "srun " + remote::slurmTargetLabel(*slurm) +
         (viaLogin(*this) ? " via ssh " + target.destination : std::string());
}

std::unique_ptr<remote::ServeConnection> RemotePlan::connect(
    const remote::SlurmConnection::StateCallback& onState) const {
  if (!slurm) return std::make_unique<remote::ServeConnection>(remote::sshCommand(target));
  remote::SlurmConnection::CommandWrap wrap;
  if (viaLogin(*this)) {
    wrap = [login = target](const std::vector<std::string>& argv) {
      return remote::sshCommand(login, argv);
    };
  }
  return std::make_unique<remote::SlurmConnection>(*slurm, wrap, onState, timeouts.answer);
}

}  // namespace detbench::gui
