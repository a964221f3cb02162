from pytorchcv.model_provider import get_model

kwargs = dict(num_classes=20)
model = get_model("ghostnet", **kwargs)
