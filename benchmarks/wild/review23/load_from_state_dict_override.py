import torch.nn as nn


class Legacy(nn.Linear):
    def _load_from_state_dict(
        self, state_dict, prefix, local_metadata, strict, missing, unexpected, errors
    ):
        old = prefix + "w"
        if old in state_dict:
            state_dict[prefix + "weight"] = state_dict.pop(old)
        super()._load_from_state_dict(
            state_dict, prefix, local_metadata, strict, missing, unexpected, errors
        )


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Legacy(4, 6)
        self.b = Legacy(6, 2, bias=False)
