import { useGenres } from '../api/get-genres';
import { PageHeader } from '../../catalogue';

/** A locked section's header: its name from the genre list, nothing of its content. */
export function LockedHeader({ genreId, onBack }: { genreId: number; onBack: () => void }) {
  const genres = useGenres();
  return <PageHeader title={genres.data?.resources.find((g) => g.id === genreId)?.ds ?? ''} onBack={onBack} />;
}
