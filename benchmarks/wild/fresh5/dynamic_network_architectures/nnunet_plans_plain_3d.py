"""A 3-D nnU-Net built from a plans-like dict, the way nnU-Net v2 reads its plans JSON
(network class and kwargs given by name, operations imported from their dotted paths)."""

import json
import pydoc

PLANS = json.loads(
    """
{
  "network_class_name": "dynamic_network_architectures.architectures.unet.PlainConvUNet",
  "arch_kwargs": {
    "n_stages": 4,
    "features_per_stage": [16, 32, 64, 128],
    "conv_op": "torch.nn.modules.conv.Conv3d",
    "kernel_sizes": [[1, 3, 3], [3, 3, 3], [3, 3, 3], [3, 3, 3]],
    "strides": [[1, 1, 1], [1, 2, 2], [2, 2, 2], [2, 2, 2]],
    "n_conv_per_stage": [2, 2, 2, 2],
    "n_conv_per_stage_decoder": [2, 2, 2],
    "conv_bias": true,
    "norm_op": "torch.nn.modules.instancenorm.InstanceNorm3d",
    "norm_op_kwargs": {"eps": 1e-05, "affine": true},
    "dropout_op": null,
    "dropout_op_kwargs": null,
    "nonlin": "torch.nn.LeakyReLU",
    "nonlin_kwargs": {"inplace": true}
  },
  "_kw_requires_import": ["conv_op", "norm_op", "dropout_op", "nonlin"]
}
"""
)


def get_network_from_plans(plans, input_channels, output_channels, deep_supervision=True):
    kwargs = dict(plans["arch_kwargs"])
    for key in plans["_kw_requires_import"]:
        if kwargs[key] is not None:
            kwargs[key] = pydoc.locate(kwargs[key])
    network_class = pydoc.locate(plans["network_class_name"])
    return network_class(
        input_channels=input_channels, num_classes=output_channels, deep_supervision=deep_supervision, **kwargs
    )


model = get_network_from_plans(PLANS, input_channels=1, output_channels=3)
