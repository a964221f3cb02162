import torchseg

aux_params = dict(pooling="avg", dropout=0.3, activation=None, classes=4)
model = torchseg.DeepLabV3Plus(
    encoder_name="resnet18",
    encoder_weights=None,
    classes=4,
    aux_params=aux_params,
)
