from torchtime.models.inception import InceptionTime

model = InceptionTime(
    n_inputs=6, n_classes=3, depth=9, n_filters=4, kernel_size=40, bottleneck_size=4
)
