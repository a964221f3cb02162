# a DQN for 84x84x4 Atari frames: torchrl ConvNet (Nature-DQN kernels) + MLP head in a QValueActor
import torch.nn as nn
from torchrl.modules import MLP, ConvNet, QValueActor

n_actions = 6
cnn = ConvNet(
    in_features=4,
    num_cells=[32, 64, 64],
    kernel_sizes=[8, 4, 3],
    strides=[4, 2, 1],
    activation_class=nn.ReLU,
)
# 84 -> 20 -> 9 -> 7 spatial, 64 channels, flattened by ConvNet's SquashDims
head = MLP(
    in_features=64 * 7 * 7, out_features=n_actions, num_cells=[512], activation_class=nn.ReLU
)
model = QValueActor(nn.Sequential(cnn, head), in_keys=["pixels"], action_space="one-hot")
