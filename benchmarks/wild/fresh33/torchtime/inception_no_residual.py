from torchtime.models.inception import InceptionTime

model = InceptionTime(
    n_inputs=1,
    n_classes=2,
    use_residual=False,
    use_bottleneck=False,
    depth=3,
    n_convolutions=2,
    n_filters=8,
    kernel_size=16,
)
