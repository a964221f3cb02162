import torch.ao.nn.qat as nnqat
import torch.nn as nn
from torch.ao.quantization import get_default_qat_qconfig


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nnqat.Linear(6, 4, qconfig=get_default_qat_qconfig("fbgemm"))
