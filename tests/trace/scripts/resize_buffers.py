# Buffers made once and resized each step, as older training scripts keep their input and noise
# buffers (PyTorch's DCGAN example): `noise` is made with torch.FloatTensor(sizes), memory no op
# has written, and each step resized to its own size, then refilled by a seeded draw; `batch`
# starts empty, grows at its first resize_ and is then copied into. A resize_ within the memory
# a tensor has writes nothing, and one that grows it adds memory no op has written: the garbage
# in either is never read, and the seeded runs agree.
import torch

torch.manual_seed(0)
noise = torch.FloatTensor(8, 4)
batch = torch.FloatTensor()
total = torch.zeros(())
for step in range(3):
    noise.data.resize_(8, 4)  # RESIZE
    noise.data.normal_(0, 1)
    batch.resize_(noise.size()).copy_(noise * 2.0)
    total = total + (noise * batch).sum()
print(float(total))
