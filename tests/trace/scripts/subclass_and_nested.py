# What the probe must describe without breaking the script: a Tensor subclass made with
# as_subclass (which PyTorch 1.13 refuses under a dispatch mode unless the probe steps aside)
# and a nested tensor, whose sizes cannot be read (recorded as opaque).
import warnings

import torch


class Tagged(torch.Tensor):
    pass


x = torch.ones(3)
y = x.as_subclass(Tagged)
print(type(y).__name__, float((y * 2).sum()))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # 1.13: nested tensors are a prototype
    nested = torch.nested.nested_tensor([torch.ones(2), torch.ones(3)])
print(nested.is_nested)
