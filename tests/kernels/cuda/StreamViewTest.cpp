// A StreamView is made only from a stream named on purpose: 0 and nullptr (the legacy default
// stream by accident) do not compile.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "StreamView.hpp"

namespace detbench {
namespace {

static_assert(!std::is_constructible_v<cuda::StreamView, int>);
static_assert(!std::is_constructible_v<cuda::StreamView, std::nullptr_t>);
static_assert(std::is_constructible_v<cuda::StreamView, cudaStream_t>);
static_assert(std::is_convertible_v<cuda::StreamView, cudaStream_t>);
static_assert(std::is_trivially_copyable_v<cuda::StreamView>);

TEST(StreamViewTest, ViewsTheStreamItWasMadeFrom) {
  // Any handle value will do: the view neither creates nor dereferences it.
  const auto handle = reinterpret_cast<cudaStream_t>(std::uintptr_t{0x1234});
  const cuda::StreamView view(handle);
  EXPECT_EQ(view.get(), handle);
  const cudaStream_t back = view;
  EXPECT_EQ(back, handle);
}

}  // namespace
}  // namespace detbench
