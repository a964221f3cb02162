import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self._register_state_dict_hook(self._hook)
        self._register_load_state_dict_pre_hook(self._pre, with_module=True)
        self.register_load_state_dict_post_hook(lambda m, keys: None)

    @staticmethod
    def _hook(module, sd, prefix, local_metadata):
        sd[prefix + "extra"] = torch.zeros(1)
        return sd

    def _pre(self, module, sd, prefix, *args):
        pass
