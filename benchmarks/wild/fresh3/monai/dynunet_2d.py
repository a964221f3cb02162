from monai.networks.nets import DynUNet

kernels = [[3, 3], [3, 3], [3, 3], [3, 3]]
strides = [[1, 1], [2, 2], [2, 2], [2, 2]]
model = DynUNet(
    spatial_dims=2,
    in_channels=1,
    out_channels=4,
    kernel_size=kernels,
    strides=strides,
    upsample_kernel_size=strides[1:],
    filters=[16, 32, 64, 128],
    norm_name="batch",
    deep_supervision=False,
)
