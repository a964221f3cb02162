import torch.nn as nn
from dynamic_network_architectures.architectures.unet import ResidualEncoderUNet

n_stages = 5
model = ResidualEncoderUNet(
    input_channels=4,
    n_stages=n_stages,
    features_per_stage=[min(16 * 2**i, 128) for i in range(n_stages)],
    conv_op=nn.Conv2d,
    kernel_sizes=3,
    strides=[1] + [2] * (n_stages - 1),
    n_blocks_per_stage=[1, 2, 2, 3, 3],
    num_classes=2,
    n_conv_per_stage_decoder=[1] * (n_stages - 1),
    conv_bias=True,
    norm_op=nn.BatchNorm2d,
    norm_op_kwargs={"eps": 1e-5, "affine": True},
    nonlin=nn.ReLU,
    nonlin_kwargs={"inplace": True},
    deep_supervision=False,
)
