from facenet_pytorch import InceptionResnetV1

model = InceptionResnetV1(pretrained=None, classify=True, num_classes=50)
