#pragma once
// The digest of a strided tensor (a transposed, sliced or expanded view) read where its elements
// lie, without a contiguous copy first. The digest keys each element by its row-major index and
// sums the terms in any order (Digest.hpp), so the elements can be read in memory order: the
// dims are sorted by stride, those that lie end to end in memory and in index order are merged,
// and the innermost one is read as runs of consecutive elements whose indices step by that dim's
// row-major stride (a transposed matrix: its columns, each contiguous in memory). The digest is
// that of the tensor's contiguous copy, bit for bit.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace detbench {

class StridedDigest {
 public:
  // A tensor of `sizes` whose element at coordinates c lies sum(c[d] * strides[d]) elements
  // after element 0: strides in elements, none negative (zero: an expanded dim). Throws
  // InvalidArgument on a negative stride or sizes and strides of different lengths.
  StridedDigest(std::span<const std::int64_t> sizes, std::span<const std::int64_t> strides);

  std::uint64_t count() const { return count_; }
  // The runs it is read in: ranges of them can be summed apart and added (on several threads).
  std::uint64_t runs() const { return runs_; }
  // The elements of one run, and whether they lie next to each other in memory.
  std::uint64_t runLength() const { return inner_.size; }
  bool runsContiguous() const { return inner_.stride == 1; }

  // The sum of the terms of runs [begin, end), element 0 at `data` (see digestPartial).
  std::uint64_t partial(const void* data, std::size_t elementSize, std::uint64_t begin,
                        std::uint64_t end) const;
  // The digest: finalize(partial over every run, count, elementSize).
  std::uint64_t digest(const void* data, std::size_t elementSize) const;

 private:
  struct Dim {
    std::uint64_t size;
    std::int64_t stride;  // in memory, elements
    std::uint64_t index;  // in row-major index, elements
  };
  std::vector<Dim> outer_;  // memory order, outermost first
  Dim inner_{1, 1, 1};
  std::uint64_t count_ = 1;
  std::uint64_t runs_ = 1;
};

}  // namespace detbench
