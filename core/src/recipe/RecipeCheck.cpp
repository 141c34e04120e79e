#include "detbench/recipe/RecipeCheck.hpp"

#include <algorithm>

#include "detbench/catalog/OpCatalog.hpp"

namespace detbench::recipe {

namespace {

using demo::LocalText;

struct CatalogFacts {
  // Nondeterministic by default, random numbers aside, and cuDNN's ops, which
  // cudnn.deterministic governs (the cudnn-deterministic point).
  std::vector<std::string> varying;
  std::vector<std::string> raising;  // of those, raise in error mode
  bool cublasCheck = false;          // deterministic mode checks CUBLAS_WORKSPACE_CONFIG
};

CatalogFacts catalogFacts(const SeedingRecipe& r) {
  CatalogFacts f;
  const TraitsClass cls = r.device == RecipeDevice::Cpu ? TraitsClass::Cpu : TraitsClass::Cuda;
  for (const OpTraits& op : opCatalog(r.pytorch)) {
    const DeviceTraits& t = op.traits(cls);
    f.cublasCheck |= op.cublasWorkspaceCheck;
    if (!t.nondeterministicByDefault || t.source == NondeterminismSource::Rng || op.cudnn) continue;
    f.varying.emplace_back(op.name);
    if (t.errorMode == ErrorModeBehavior::Raises) f.raising.emplace_back(op.name);
  }
  return f;
}

std::string joined(const std::vector<std::string>& names, std::string_view separator) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : std::string(separator)) + n;
  return out;
}

Finding finding(std::string id, FindingStatus status, LocalText topic, LocalText reason,
                std::string scenario, std::string command = {}) {
  return {std::move(id),     status, std::move(topic), std::move(reason), std::move(scenario),
          std::move(command)};
}

void checkSeeds(const SeedingRecipe& r, std::vector<Finding>& out) {
  out.push_back(finding(
      "torch-seed", r.torchManualSeed ? FindingStatus::Covered : FindingStatus::Uncovered,
      {"torch.manual_seed", "torch.manual_seed"},
      r.torchManualSeed
          ? LocalText{"Seeds PyTorch's CPU generator and every CUDA device's: weight "
                      "initialisation, dropout, torch.randperm and a DataLoader without a "
                      "generator of its own repeat.",
                      "为 PyTorch 的 CPU 生成器和每个 CUDA 设备的生成器设种子：权重初始化、"
                      "dropout、torch.randperm 以及没有自己生成器的 DataLoader 都会重复。"}
          : LocalText{"Not called: weight initialisation, dropout, torch.randperm and the "
                      "DataLoader's shuffle draw from a generator each process seeds afresh, so "
                      "every run starts elsewhere. Call torch.manual_seed(seed) first thing.",
                      "未调用：权重初始化、dropout、torch.randperm 和 DataLoader 的打乱都从每个"
                      "进程重新设种子的生成器中抽取，所以每次运行起点不同。请在最开始调用 "
                      "torch.manual_seed(seed)。"},
      "seeds", "detbench rng --engine torch --seed 0"));
  out.push_back(finding(
      "python-random", r.randomSeed ? FindingStatus::Covered : FindingStatus::Uncovered,
      {"random.seed", "random.seed"},
      r.randomSeed
          ? LocalText{"Python's random module repeats (custom transforms and many "
                      "augmentation libraries draw from it).",
                      "Python 的 random 模块会重复（自定义变换和许多数据增强库都从它抽取）。"}
          : LocalText{"Not called: Python's random module (custom transforms, many "
                      "augmentation libraries) starts from fresh OS entropy in each "
                      "process. Call random.seed(seed).",
                      "未调用：Python 的 random 模块（自定义变换、许多数据增强库）在每个"
                      "进程中都从操作系统的新熵开始。请调用 random.seed(seed)。"},
      "seeds", "detbench rng --engine python --seed 0"));
  out.push_back(finding(
      "numpy-global", r.numpySeed ? FindingStatus::Covered : FindingStatus::Uncovered,
      {"np.random.seed", "np.random.seed"},
      r.numpySeed ? LocalText{"NumPy's global generator (np.random.rand and the like) repeats.",
                              "NumPy 的全局生成器（np.random.rand 等）会重复。"}
                  : LocalText{"Not called: NumPy's global generator (np.random.rand and the "
                              "like) starts from fresh OS entropy in each process. Call "
                              "np.random.seed(seed).",
                              "未调用：NumPy 的全局生成器（np.random.rand 等）在每个进程中都从"
                              "操作系统的新熵开始。请调用 np.random.seed(seed)。"},
      "seeds", "detbench rng --engine numpy --seed 0"));
  if (r.numpyGenerators == GeneratorUse::None) return;
  const bool seeded = r.numpyGenerators == GeneratorUse::Seeded;
  out.push_back(finding(
      "numpy-generators", seeded ? FindingStatus::Covered : FindingStatus::Uncovered,
      {"NumPy Generator objects", "NumPy Generator 对象"},
      seeded ? LocalText{"Each default_rng(seed) repeats its PCG64 stream; np.random.seed alone "
                         "would not have reached them.",
                         "每个 default_rng(seed) 都会重复它的 PCG64 流；单靠 np.random.seed "
                         "是管不到它们的。"}
             : LocalText{"default_rng() without a seed draws fresh OS entropy, and np.random.seed "
                         "does not reach Generator objects. Pass each a seed (or a "
                         "SeedSequence spawned from one).",
                         "不带种子的 default_rng() 从操作系统抽取新熵，而 np.random.seed 管不到 "
                         "Generator 对象。请给每个对象一个种子（或由一个种子派生的 "
                         "SeedSequence）。"},
      "numpy-generators", "detbench rng --engine numpy-generator --seed 0"));
}

void checkLoader(const SeedingRecipe& r, std::vector<Finding>& out) {
  if (r.dataloaderWorkers == 0 && !r.dataloaderGenerator && !r.workerInitFn) return;
  if (r.dataloaderGenerator) {
    out.push_back(finding("loader-generator", FindingStatus::Covered,
                          {"DataLoader generator", "DataLoader 的 generator"},
                          {"The shuffle order and the workers' base seed come from the "
                           "DataLoader's own seeded generator, whatever the rest of the code "
                           "draws before.",
                           "打乱顺序和工作进程的基础种子来自 DataLoader 自己的已设种子生成器，"
                           "与其余代码之前抽取了什么无关。"},
                          "data-loader"));
  } else if (r.torchManualSeed) {
    out.push_back(finding(
        "loader-generator", FindingStatus::Note,
        {"DataLoader generator", "DataLoader 的 generator"},
        {"No generator=: the shuffle order and the workers' base seed are drawn from torch's "
         "global generator. They repeat, but a layer added or a random call moved before the "
         "loader changes the data order. A torch.Generator with its own seed decouples them.",
         "未传 generator=：打乱顺序和工作进程的基础种子从 torch 的全局生成器抽取。它们会重复，"
         "但在加载器之前增加一层或移动一次随机调用就会改变数据顺序。使用自带种子的 "
         "torch.Generator 可以把两者分开。"},
        "data-loader"));
  } else {
    out.push_back(finding(
        "loader-generator", FindingStatus::Uncovered,
        {"DataLoader generator", "DataLoader 的 generator"},
        {"Neither generator= nor torch.manual_seed: the shuffle order and the workers' seeds "
         "change every run.",
         "既没有 generator= 也没有 torch.manual_seed：打乱顺序和工作进程的种子每次运行都会变。"},
        "data-loader"));
  }
  if (r.dataloaderWorkers == 0) return;
  out.push_back(finding(
      "worker-seeds", FindingStatus::Covered, {"Worker seeds", "工作进程的种子"},
      {"PyTorch seeds torch, random and NumPy's global generator in each worker from the base "
       "seed plus the worker's id (torch/utils/data/_utils/worker.py), so a worker_init_fn is "
       "not needed for those three.",
       "PyTorch 用基础种子加工作进程编号为每个工作进程的 torch、random 和 NumPy 全局生成器设种子"
       "（torch/utils/data/_utils/worker.py），所以这三者不需要 worker_init_fn。"},
      "data-loader"));
  if (!r.workerOtherRngs) return;
  out.push_back(finding(
      "worker-other-rngs", r.workerInitFn ? FindingStatus::Covered : FindingStatus::Uncovered,
      {"Other random state in workers", "工作进程中的其他随机状态"},
      r.workerInitFn
          ? LocalText{"worker_init_fn reseeds the dataset's own generators (OpenCV, imgaug, a "
                      "random.Random or Generator it made) from torch.initial_seed().",
                      "worker_init_fn 用 torch.initial_seed() "
                      "为数据集自己的生成器（OpenCV、imgaug、"
                      "它创建的 random.Random 或 Generator）重新设种子。"}
          : LocalText{"Random state the dataset made for itself (OpenCV, imgaug, a random.Random "
                      "or Generator made before the workers start) is copied into every worker "
                      "unseeded: augmentations change run to run and workers repeat each other. "
                      "Reseed it in a worker_init_fn from torch.initial_seed().",
                      "数据集自己创建的随机状态（OpenCV、imgaug、在工作进程启动前创建的 "
                      "random.Random 或 Generator）会未设种子地复制到每个工作进程：数据增强随"
                      "运行变化，各工作进程还互相重复。请在 worker_init_fn 中用 "
                      "torch.initial_seed() 重新设种子。"},
      "data-loader"));
}

void checkHashSeed(const SeedingRecipe& r, std::vector<Finding>& out) {
  const LocalText topic{"PYTHONHASHSEED", "PYTHONHASHSEED"};
  const std::string command = "detbench pyhash apple banana cherry date";
  switch (r.pythonHashSeed) {
    case HashSeedWhen::BeforeStart:
      out.push_back(finding("pythonhashseed", FindingStatus::Covered, topic,
                            {"Set before the interpreter starts: sets of strings iterate in the "
                             "same order in every run.",
                             "在解释器启动前设置：字符串集合在每次运行中的迭代顺序都相同。"},
                            "python-hash", command));
      return;
    case HashSeedWhen::InScript:
      out.push_back(finding(
          "pythonhashseed", FindingStatus::Uncovered, topic,
          {"os.environ['PYTHONHASHSEED'] inside the script comes too late: the interpreter drew "
           "its hash secret when it started, so sets of strings still change order from run to "
           "run (only processes started afterwards see it). Set it before: PYTHONHASHSEED=0 "
           "python3 train.py.",
           "在脚本内设置 os.environ['PYTHONHASHSEED'] 为时已晚：解释器在启动时就取好了哈希密钥，"
           "所以字符串集合的顺序仍随运行变化（只有之后启动的进程才看得到它）。请在启动前设置："
           "PYTHONHASHSEED=0 python3 train.py。"},
          "python-hash", command));
      return;
    case HashSeedWhen::Unset:
      break;
  }
  if (r.stringSetOrder) {
    out.push_back(finding("pythonhashseed", FindingStatus::Uncovered, topic,
                          {"Not set, and the code iterates sets of strings: their order changes "
                           "from process to process. Set PYTHONHASHSEED before the interpreter "
                           "starts, or sort before iterating.",
                           "未设置，而代码会迭代字符串集合：其顺序随进程变化。请在解释器启动前设置 "
                           "PYTHONHASHSEED，或在迭代前排序。"},
                          "python-hash", command));
  } else {
    out.push_back(finding("pythonhashseed", FindingStatus::Note, topic,
                          {"Not set: harmless while nothing depends on the order of a set of "
                           "strings (or anything else ordered by hash()).",
                           "未设置：只要没有东西依赖字符串集合（或其他按 hash() 排序的东西）的"
                           "顺序，就无妨。"},
                          "python-hash", command));
  }
}

void checkCudnn(const SeedingRecipe& r, std::vector<Finding>& out) {
  out.push_back(finding(
      "cudnn-benchmark", r.cudnnBenchmark ? FindingStatus::Uncovered : FindingStatus::Covered,
      {"cudnn.benchmark", "cudnn.benchmark"},
      r.cudnnBenchmark
          ? LocalText{"True: each process times cuDNN's algorithms and may pick another, with "
                      "other bits, even when every candidate is deterministic; neither "
                      "cudnn.deterministic nor deterministic mode stops that. Set it to False.",
                      "为 True：每个进程都对 cuDNN 的算法计时，可能选中另一个而得到不同的位，"
                      "即使每个候选算法都是确定性的；cudnn.deterministic 和确定性模式都阻止不了。"
                      "请设为 False。"}
          : LocalText{"False (PyTorch's default): cuDNN picks by heuristics, the same algorithm "
                      "in every run.",
                      "为 False（PyTorch 的默认值）：cuDNN 按启发式规则选择，每次运行选中同一个"
                      "算法。"},
      "cudnn-benchmark"));
  const bool deterministic = r.cudnnDeterministic || r.deterministic != DeterministicMode::Off;
  out.push_back(finding(
      "cudnn-deterministic", deterministic ? FindingStatus::Covered : FindingStatus::Uncovered,
      {"cudnn.deterministic", "cudnn.deterministic"},
      deterministic
          ? LocalText{"cuDNN keeps to deterministic algorithms (cudnn.deterministic, or "
                      "deterministic mode, which implies it).",
                      "cuDNN 只用确定性算法（cudnn.deterministic，或隐含它的确定性模式）。"}
          : LocalText{"Neither cudnn.deterministic nor deterministic mode: cuDNN may choose an "
                      "algorithm that adds with atomics (convolution backward ones do), whose "
                      "bits change run to run.",
                      "既没有 cudnn.deterministic 也没有确定性模式：cuDNN 可能选用以原子操作相加"
                      "的算法（卷积反向的算法就是），其结果的位随运行变化。"},
      "cudnn-deterministic"));
}

void checkDeterministicMode(const SeedingRecipe& r, const CatalogFacts& f,
                            std::vector<Finding>& out) {
  const std::string release = toString(r.pytorch);
  const std::string on = r.device == RecipeDevice::Cpu ? "CPU" : "CUDA";
  const LocalText topic{"use_deterministic_algorithms", "use_deterministic_algorithms"};
  if (f.varying.empty()) {
    out.push_back(
        finding("deterministic-mode", FindingStatus::Note, topic,
                {"None of the catalog's ops varies run to run on the " + on + " in PyTorch " +
                     release + ", so deterministic mode changes nothing there for them.",
                 "在 PyTorch " + release + " 中，目录里没有哪个算子在 " + on +
                     " 上随运行变化，所以确定性模式对它们没有影响。"},
                "error-and-warn"));
    return;
  }
  const std::string ops = joined(f.varying, ", ");
  const std::string raising = f.raising.empty() ? std::string("none") : joined(f.raising, ", ");
  const std::string raisingZh = f.raising.empty() ? std::string("无") : joined(f.raising, "、");
  const std::string count = std::to_string(f.varying.size());
  switch (r.deterministic) {
    case DeterministicMode::Off:
      out.push_back(
          finding("deterministic-mode", FindingStatus::Uncovered, topic,
                  {"Off: " + count + " of the catalog's ops give other bits run to run on " + on +
                       " in PyTorch " + release + " (" + ops +
                       "). Call torch.use_deterministic_algorithms(True).",
                   "关闭：在 PyTorch " + release + " 中，目录里有 " + count + " 个算子在 " + on +
                       " 上每次运行给出不同的位（" + joined(f.varying, "、") +
                       "）。请调用 torch.use_deterministic_algorithms(True)。"},
                  "float-atomics"));
      return;
    case DeterministicMode::Warn:
      out.push_back(finding(
          "deterministic-mode", FindingStatus::Uncovered, topic,
          {"warn_only=True only warns: the ops without a deterministic implementation (" + raising +
               ") still run their nondeterministic kernels. Use it to find them, then "
               "turn the error on.",
           "warn_only=True 只发出警告：没有确定性实现的算子（" + raisingZh +
               "）仍然运行非确定性内核。用它找出这些算子，然后改为报错模式。"},
          "error-and-warn"));
      return;
    case DeterministicMode::Error:
      out.push_back(
          finding("deterministic-mode", FindingStatus::Covered, topic,
                  {"On: in PyTorch " + release +
                       " the ops with a deterministic implementation switch to "
                       "it, and the rest raise (" +
                       raising + ").",
                   "开启：在 PyTorch " + release +
                       " 中，有确定性实现的算子切换过去，其余的会报错（" + raisingZh + "）。"},
                  "error-and-warn"));
      return;
  }
}

void checkCublas(const SeedingRecipe& r, const CatalogFacts& f, std::vector<Finding>& out) {
  const std::string release = toString(r.pytorch);
  const LocalText topic{"CUBLAS_WORKSPACE_CONFIG", "CUBLAS_WORKSPACE_CONFIG"};
  const bool good = r.cublasWorkspaceConfig && r.cublasWorkspaceConfig->isDeterministicForCublas();
  const bool modeOn = r.deterministic != DeterministicMode::Off;
  if (good && r.cublasSet == SetWhen::BeforeCuda) {
    out.push_back(finding("cublas-workspace", FindingStatus::Covered, topic,
                          {"Set to " + r.cublasWorkspaceConfig->text +
                               " before CUDA starts: every cuBLAS handle gets a fixed workspace.",
                           "在 CUDA 启动前设为 " + r.cublasWorkspaceConfig->text +
                               "：每个 cuBLAS 句柄都得到固定的工作空间。"},
                          "cublas-workspace"));
    return;
  }
  if (modeOn && f.cublasCheck && !good) {
    const bool error = r.deterministic == DeterministicMode::Error;
    out.push_back(finding(
        "cublas-workspace", FindingStatus::Uncovered, topic,
        {"PyTorch " + release + " in deterministic mode " + (error ? "raises at" : "warns on") +
             " the first cuBLAS call unless it is :4096:8 or :16:8 (the requirement went in 2.10).",
         "PyTorch " + release +
             " 在确定性模式下，除非它是 :4096:8 或 :16:8，否则在第一次 cuBLAS "
             "调用时" +
             (error ? "报错" : "发出警告") + "（2.10 起取消了这一要求）。"},
        "cublas-workspace"));
    return;
  }
  if (r.cublasWorkspaceConfig && r.cublasSet == SetWhen::AfterCuda) {
    out.push_back(finding(
        "cublas-workspace", FindingStatus::Uncovered, topic,
        {"Set after CUDA started: cuBLAS reads it when a handle is made and PyTorch sizes its "
         "workspaces from it (once per process in several releases), so what ran before keeps "
         "the default, while deterministic mode's check, which reads the variable at each call, "
         "can pass. Set it in the shell or at the very top of the script.",
         "在 CUDA 启动后才设置：cuBLAS 在创建句柄时读取它，PyTorch 也据此确定工作空间大小（在若干"
         "版本中每个进程只读一次），所以之前的运行保留默认值，而确定性模式每次调用都读取该变量的检"
         "查"
         "却可能通过。请在 shell 中或脚本最开头设置。"},
        "cublas-workspace"));
    return;
  }
  out.push_back(finding(
      "cublas-workspace", FindingStatus::Note, topic,
      {std::string(f.cublasCheck ? "Only deterministic mode checks it in PyTorch " + release
                                 : "PyTorch " + release + " no longer checks it") +
           ". One GEMM on one stream repeats without it; several streams sharing a workspace "
           "may not: set :4096:8 (before CUDA starts) if the code uses streams. PyTorch's RNN "
           "and LSTM pages ask for :16:8 or :4096:2 for cuDNN's RNNs, which call cuBLAS inside "
           "and which deterministic mode does not check (detbench run --op "
           "rnn_backward_weights, once per setting).",
       std::string(f.cublasCheck ? "在 PyTorch " + release + " 中只有确定性模式检查它"
                                 : "PyTorch " + release + " 不再检查它") +
           "。没有它，单个流上的一次 GEMM "
           "也会重复；多个流共用工作空间时则未必：如果代码使用多个流，"
           "请（在 CUDA 启动前）设为 :4096:8。PyTorch 的 RNN 和 LSTM 文档要求为 cuDNN 的 RNN 设为 "
           ":16:8 或 :4096:2：它们在内部调用 cuBLAS，而确定性模式不会检查它们（detbench run --op "
           "rnn_backward_weights，每种设置运行一次）。"},
      "cublas-workspace"));
}

}  // namespace

std::string_view toString(FindingStatus status) {
  switch (status) {
    case FindingStatus::Covered:
      return "covered";
    case FindingStatus::Uncovered:
      return "uncovered";
    case FindingStatus::Note:
      return "note";
  }
  return "note";
}

std::vector<Finding> checkRecipe(const SeedingRecipe& r) {
  std::vector<Finding> out;
  const CatalogFacts facts = catalogFacts(r);
  checkSeeds(r, out);
  checkLoader(r, out);
  checkHashSeed(r, out);
  if (r.device == RecipeDevice::Cuda) checkCudnn(r, out);
  checkDeterministicMode(r, facts, out);
  if (r.device == RecipeDevice::Cuda) checkCublas(r, facts, out);
  out.push_back(finding(
      "beyond-seeds", FindingStatus::Note, {"What no recipe covers", "任何配方都管不到的"},
      {"No recipe makes the bits equal across PyTorch releases, GPU models, CUDA or cuDNN "
       "versions, thread counts or batch sizes. Compare reports from each (detbench compare).",
       "任何配方都不能让结果在不同 PyTorch 版本、GPU 型号、CUDA 或 cuDNN 版本、线程数或批大小之间"
       "逐位相同。请对每种情况的报告进行比较（detbench compare）。"},
      "pytorch-releases"));
  return out;
}

}  // namespace detbench::recipe
