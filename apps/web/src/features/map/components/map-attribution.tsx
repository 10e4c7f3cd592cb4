/** The credit the tile data's licence asks for (ODbL; CARTO's style for the dark map), as a line under the map. */
export function MapAttribution({ carto }: { carto: boolean }) {
  const link = 'underline hover:text-stone-900 dark:hover:text-white';
  return (
    <p className="bg-white px-2 py-0.5 text-right text-xs leading-5 text-stone-700 dark:bg-stone-950 dark:text-stone-300">
      Map data &copy;{' '}
      <a href="https://www.openstreetmap.org/copyright" className={link} target="_blank" rel="noreferrer">
        OpenStreetMap
      </a>{' '}
      contributors
      {carto && (
        <>
          , style &copy;{' '}
          <a href="https://carto.com/attributions" className={link} target="_blank" rel="noreferrer">
            CARTO
          </a>
        </>
      )}
    </p>
  );
}
