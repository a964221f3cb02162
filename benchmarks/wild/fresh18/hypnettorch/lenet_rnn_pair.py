import torch.nn as nn
from hypnettorch.mnets import LeNet, SimpleRNN

SETTINGS = {"arch": "cifar", "num_classes": 10}


class Pair(nn.Module):
    def __init__(self):
        super().__init__()
        self.vision = LeNet(in_shape=(32, 32, 3), verbose=False, **SETTINGS)
        self.seq = SimpleRNN(n_in=5, rnn_layers=(32, 32), fc_layers_pre=(16,), fc_layers=(4,),
                             use_lstm=True, verbose=False)


model = Pair()
