from torchtime.models.inception import InceptionTime

model = InceptionTime(n_inputs=3, n_classes=5, depth=6, n_filters=16, kernel_size=20)
