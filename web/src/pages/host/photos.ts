// The host's photo documents, and sending one file to its upload place (a PUT on this origin,
// no credential: the unguessable path is the permission — docs/decisions/0091-photos.md).
import { graphql } from "../../gql";

export const CreateUploadDocument = graphql(`
  mutation CreatePhotoUpload($listingId: ID!) { createTravelPhotoUpload(listingId: $listingId) { id uploadPath } }
`);

export const AddPhotoDocument = graphql(`
  mutation AddListingPhoto($input: AddTravelListingPhotoInput!) { addTravelListingPhoto(input: $input) { ...Photo } }
`);

export const UpdatePhotoDocument = graphql(`
  mutation UpdateListingPhoto($input: UpdateTravelListingPhotoInput!) { updateTravelListingPhoto(input: $input) { ...Photo } }
`);

export const RemovePhotoDocument = graphql(`
  mutation RemoveListingPhoto($id: ID!) { removeTravelListingPhoto(id: $id) { id version } }
`);

/** The types the service reads (by content; the browser's file picker offers these). */
export const PHOTO_TYPES = "image/jpeg,image/png,image/webp";

/** Send one file; null when it was taken, else what the service said of it, in its words. */
export async function sendFile(uploadPath: string, file: File): Promise<string | null> {
  let answer: Response;
  try {
    answer = await fetch(uploadPath, { method: "PUT", body: file });
  } catch {
    return "It could not be sent: check your connection and try again.";
  }
  if (answer.status === 201) return null;
  const body = (await answer.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
  const said = body?.errors?.[0]?.message;
  if (said) return said.endsWith(".") ? said : `${said}.`;
  return answer.status === 413 ? "It is too large." : "It could not be taken.";
}
